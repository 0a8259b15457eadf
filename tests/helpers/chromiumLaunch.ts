import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, for the e2e suite and the browser benches alike: never `npx playwright install`
 * (TOOLCHAIN.md). As root it needs --no-sandbox; the rest stop it from reaching the network on its own.
 */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

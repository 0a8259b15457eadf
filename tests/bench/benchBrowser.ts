import { type Browser, chromium } from '@playwright/test';

/** Debian's Chromium for browser benches, kept off the network (TOOLCHAIN.md). */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../helpers/chromiumLaunch.js';

/** Debian's Chromium for browser benches, kept off the network (TOOLCHAIN.md). */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}

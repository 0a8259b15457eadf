import { type Browser, chromium, type LaunchOptions } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../helpers/chromiumLaunch.js';

/** Debian's Chromium for browser benches, kept off the network (TOOLCHAIN.md); `options` may add flags to those. */
export function launchBenchChromium(options: LaunchOptions = CHROMIUM_LAUNCH_OPTIONS): Promise<Browser> {
  return chromium.launch(options);
}

/** The widget on a page in the e2e stories: its host, and a wait for its panel's animations. */
import type { Locator, Page } from '@playwright/test';

export const widget = (page: Page): Locator => page.locator('[data-switchboard-widget]');

/** Waits for the panel's opening animation, so a screenshot shows it, not the page through it. */
export const settled = (page: Page): Promise<void> =>
  widget(page)
    .locator('.panel')
    .evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)).then(() => undefined));

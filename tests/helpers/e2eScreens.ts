/** Screenshots at the two widths every changed page is looked at (COMMON.md: 375 and 1280 px). */

import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { E2E_SCREENSHOTS_DIR } from './e2eEnv.js';

/**
 * Screenshots are for a person to look at, so CI (CI=true) takes none: they were a fifth of the
 * e2e run's time on two cores. SWITCHBOARD_E2E_SCREENS=1 or 0 decides either way.
 */
const SHOOTING = (process.env.SWITCHBOARD_E2E_SCREENS ?? (process.env.CI === 'true' ? '0' : '1')) !== '0';

export const WIDE = { width: 1280, height: 800 };
export const NARROW = { width: 375, height: 740 };

/** Runs `shot` at 1280 and then 375 px wide, with the width's label, then restores the size. */
async function atBothWidths(page: Page, shot: (label: string) => Promise<void>): Promise<void> {
  if (!SHOOTING) return;
  const before = page.viewportSize() ?? WIDE;
  for (const [label, size] of [
    ['1280', WIDE],
    ['375', NARROW],
  ] as const) {
    await page.setViewportSize(size);
    await shot(label);
  }
  await page.setViewportSize(before);
}

/** Saves `<prefix>-<name>-1280.png` and `-375.png` from the top of the page, then restores the size. */
export async function shootBoth(page: Page, prefix: string, name: string, fullPage = true): Promise<void> {
  await atBothWidths(page, async (label) => {
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(E2E_SCREENSHOTS_DIR, `${prefix}-${name}-${label}.png`), fullPage });
  });
}

/** Saves `<prefix>-<name>-1280.png` and `-375.png` of one element, scrolled into view, then restores the size. */
export async function shootElementBoth(page: Page, element: Locator, prefix: string, name: string): Promise<void> {
  await atBothWidths(page, async (label) => {
    await element.scrollIntoViewIfNeeded();
    await element.screenshot({ path: path.join(E2E_SCREENSHOTS_DIR, `${prefix}-${name}-${label}.png`) });
  });
}

/** One screenshot at the current size. */
export async function shootOne(page: Page, prefix: string, name: string, fullPage = false): Promise<void> {
  if (!SHOOTING) return;
  const width = page.viewportSize()?.width ?? WIDE.width;
  await page.screenshot({ path: path.join(E2E_SCREENSHOTS_DIR, `${prefix}-${name}-${width}.png`), fullPage });
}

/** Closes every toast: they are fixed to the viewport and would float over the middle of a shot. */
export async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  // Bounded: a toast that hides itself meanwhile makes a click miss, not the loop spin.
  for (let i = 0; i < 10 && (await dismiss.count()) > 0; i++)
    await dismiss
      .first()
      .click({ timeout: 1000 })
      .catch(() => undefined);
}

/**
 * A tab opened before a deploy (issue 12): the old hashed page files are gone from the server, so
 * the next page it opens cannot be fetched. The console says so under the bar and offers Reload,
 * which loads the new build and the page. Screenshots at 375 and 1280 px:
 * test-results/screens/stale-chunk-*.png.
 */
import { expect, test } from '@playwright/test';
import { createMember, signIn } from '../helpers/e2eAccounts.js';
import { shootBoth, WIDE } from '../helpers/e2eScreens.js';

const member = {
  username: `e2e-stale-${Date.now().toString(36)}`,
  email: 'stale@example.com',
  password: 'stale-pass-123',
};
/** The sessions page's chunk, as the server answers for a file a deploy removed. */
const SESSIONS_CHUNK = /\/assets\/SessionsPage-[^/]*\.js$/;

test.beforeAll(async ({ request }) => {
  await createMember(request, member);
});

test('a page whose code is gone after a deploy says so and reloads into the page', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await page.route(SESSIONS_CHUNK, (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Resource not found', code: 'not_found' }),
    }),
  );
  await signIn(page, member);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Agents' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Sessions' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  await expect(main.getByText('Switchboard may have been updated since this tab was opened.')).toBeVisible();
  await expect(nav).toBeVisible();
  await expect(page).toHaveURL(/\/sessions$/);
  await shootBoth(page, 'stale-chunk', 'error');

  // The new build is in place: Reload brings the page.
  await page.unroute(SESSIONS_CHUNK);
  await main.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'This page could not be loaded' })).toBeHidden();
});

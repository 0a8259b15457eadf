/**
 * The API reference page (/api/docs) in Chromium: it loads the OpenAPI document and lists the
 * operations under the server's strict Content-Security-Policy, with no violation or error.
 */
import { expect, test } from '@playwright/test';
import { shootElementBoth } from '../helpers/e2eScreens.js';

test('the API reference lists the operations with no CSP violation', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP ${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Switchboard API', level: 1 })).toBeVisible();
  const login = page.locator('details.operation', { hasText: '/api/accounts/login' });
  await expect(login).toContainText('public');
  await login.locator('summary').click();
  await expect(login).toContainText('"username"');
  await expect(page.locator('details.operation', { hasText: '/api/agents/{id}' }).first()).toContainText('signed in');
  expect(await page.locator('details.operation').count()).toBeGreaterThan(40);
  // Each route's curl example signs in the way the route takes (issue 22: API keys).
  const createAgent = page.locator('[id="post /api/agents"]');
  await expect(createAgent.locator('.who')).toHaveText('signed in or API key');
  await createAgent.locator('summary').click();
  await expect(createAgent.locator('pre.curl')).toContainText('-H "Authorization: Bearer $SWITCHBOARD_API_KEY"');
  await shootElementBoth(page, createAgent, 'api-docs', 'curl-example');
  expect(problems).toEqual([]);
});

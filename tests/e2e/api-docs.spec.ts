/**
 * The API reference page (/api/docs) in Chromium: it loads the OpenAPI document and lists the
 * operations under the server's strict Content-Security-Policy, with no violation or error.
 */
import { expect, test } from '@playwright/test';

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
  expect(problems).toEqual([]);
});

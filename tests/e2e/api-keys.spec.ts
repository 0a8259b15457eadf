/**
 * API keys story (issue 22) in a real browser against the real server: a member creates a key in
 * Settings and sees it once, calls /api/agents with it from the test as a script would (fetch with
 * `Authorization: Bearer sb_…`), sees its last use in the list, revokes it, and the same call is
 * refused.
 */
import { expect, type Page, test } from '@playwright/test';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { toast } from '../helpers/e2eConsole.js';
import { dismissToasts, shootBoth } from '../helpers/e2eScreens.js';

const member = storyMember('api-keys', 'api-keys-pass-123');

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await dismissToasts(page);
  await shootBoth(page, 'api-keys', name, fullPage);
}

createMemberBeforeAll(member);

test('create a key, see it once, call the API with it, revoke it and see the call refused', async ({
  page,
  baseURL,
}) => {
  // Six screenshots at two widths on a shared machine.
  test.setTimeout(120_000);
  await signInWide(page, member);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'API keys' });
  await expect(card.getByText('No API keys yet.')).toBeVisible();

  await card.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E script');
  await dialog.getByRole('combobox', { name: 'Access' }).click();
  await page.getByRole('option', { name: 'Full access' }).click();
  await shoot(page, 'create-dialog', false);
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'API key created' });
  await expect(shown.getByText("You won't see it again.", { exact: false })).toBeVisible();
  const key = (await shown.getByLabel('New API key').textContent()) ?? '';
  expect(key).toMatch(/^sb_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await shoot(page, 'created-once', false);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(key)).toHaveCount(0);

  // A script's calls: no cookie, no session, only the key.
  const call = (method: 'GET' | 'POST', body?: object) =>
    fetch(`${baseURL}/api/agents`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const created = await call('POST', { name: 'Agent from a script' });
  expect(created.status).toBe(201);
  const listed = await call('GET');
  expect(listed.status).toBe(200);
  expect(JSON.stringify(await listed.json())).toContain('Agent from a script');

  await page.reload();
  const row = card.getByRole('listitem').filter({ hasText: 'E2E script' });
  await expect(row).toContainText('Full access');
  await expect(row).toContainText(key.slice(0, 11));
  await expect(row).not.toContainText('Last used never');
  await shoot(page, 'listed');

  await row.getByRole('button', { name: 'Revoke E2E script' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke E2E script' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'API key revoked')).toBeVisible();
  await expect(card.getByText('No API keys yet.')).toBeVisible();

  const refused = await call('GET');
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ success: false, error: 'This API key has been revoked' });
});

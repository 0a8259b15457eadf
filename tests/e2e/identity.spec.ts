/**
 * Step 1 story in a real browser against the real server: the first superadmin signs in and lands
 * on /admin, creates a user, impersonates them (orange banner, their settings), stops, signs out;
 * the user signs in and lands on /agents; the narrow layout uses the right-hand drawer.
 */

import { expect, type Page, test } from '@playwright/test';
import { signIn, storyMember } from '../helpers/e2eAccounts.js';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME } from '../helpers/e2eEnv.js';
import { NARROW, shootBoth, shootOne, WIDE } from '../helpers/e2eScreens.js';

const shoot = (page: Page, name: string) => shootBoth(page, 'identity', name);

test.describe.configure({ mode: 'serial' });

const member = storyMember('member', 'member-pass-123');

test('superadmin signs in, manages and impersonates a user, signs out', async ({ page }) => {
  test.setTimeout(60_000);
  // The console's one real-time connection: what it receives and sends, in order.
  const sockets: { url: string; received: string[]; sent: string[] }[] = [];
  page.on('websocket', (ws) => {
    const record = { url: ws.url(), received: [] as string[], sent: [] as string[] };
    sockets.push(record);
    ws.on('framereceived', (frame) => record.received.push(String(frame.payload)));
    ws.on('framesent', (frame) => record.sent.push(String(frame.payload)));
  });
  await page.setViewportSize(WIDE);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await shoot(page, 'login');

  await signIn(page, { username: E2E_ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD }, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('You', { exact: true })).toBeVisible();

  await expect.poll(() => sockets.at(-1)?.received.some((f) => f.includes('"connection.established"'))).toBe(true);
  expect(new URL(sockets.at(-1)!.url).pathname).toBe('/api/frontend');

  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  // Issue 18: the rules show before anything is typed, and each problem shows at its field.
  await expect(dialog.getByText('At least 6 characters.')).toBeVisible();
  await dialog.getByLabel('Email').fill('member-at-example');
  await dialog.getByLabel('Password', { exact: false }).first().fill('12345');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('Username is required')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await expect(dialog.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(dialog.getByLabel('Username')).toBeFocused();
  await shoot(page, 'create-user-errors');
  await dialog.getByLabel('Username').fill(member.username);
  await dialog.getByLabel('Email').fill(member.email);
  await dialog.getByLabel('Password', { exact: false }).first().fill(member.password);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: member.username })).toBeVisible();
  await shoot(page, 'admin');

  await page.getByRole('button', { name: `Impersonate ${member.username}` }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText(`Impersonating: ${member.username}`);
  await shoot(page, 'impersonating');

  await page.goto('/settings');
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { name: 'OpenAI Configuration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toHaveCount(0);
  await shoot(page, 'settings-impersonating');

  await banner.getByRole('button', { name: 'Stop Impersonating' }).click();
  await expect(banner).toBeHidden();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  // Logout told the server over the open socket first (spec part 1 §4).
  expect(sockets.at(-1)!.sent.some((f) => f.includes('"user.logout"'))).toBe(true);
});

test('a regular user lands on /agents and uses the narrow drawer', async ({ page }) => {
  await page.setViewportSize(NARROW);
  await signIn(page, member);
  await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(member.username);
  // A right-hand sheet, 280 px wide below 600 px; wait for the slide-in to finish.
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box && [Math.round(box.x), Math.round(box.width)];
    })
    .toEqual([NARROW.width - 280, 280]);
  await shootOne(page, 'identity', 'drawer');
  await drawer.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await shoot(page, 'settings');

  // Admin is not for regular users: the guard sends them to /agents.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/agents$/);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

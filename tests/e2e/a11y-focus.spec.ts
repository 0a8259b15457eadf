/**
 * Issue 7, finding 11 in a real browser: after Escape, Cancel or submit, every dialog gives focus
 * back to the control that opened it (New Agent, Call, Create/Edit/Delete User, Edit Custom
 * Value, a Settings card's Delete, the menu drawer); the skip link is the first tab stop; an agent card is
 * one tab stop; the Impersonate button and the 'You' badge reach 4.5:1.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_TWILIO_ACCOUNT } from '../fixtures/fakeTwilioServer.js';
import { createMember, signIn } from '../helpers/e2eAccounts.js';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME } from '../helpers/e2eEnv.js';
import { NARROW, shootBoth, shootOne, WIDE } from '../helpers/e2eScreens.js';

const suffix = Date.now().toString(36);
const member = { username: `e2e-focus-${suffix}`, email: 'focus@example.com', password: 'focus-pass-123' };
// The second fake number: agents.spec.ts uses the first.
const NUMBER = E2E_TWILIO_ACCOUNT.numbers[1];
const CALLER = 'Focus Line';
let agentId = '';

async function api(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const answer = await request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
  return answer.json() as Promise<Record<string, unknown>>;
}

/** Opens a dialog from `opener`, closes it with `close`, and checks focus is back on the opener. */
async function roundTrip(
  page: Page,
  opener: Locator,
  dialogName: string,
  close: (dialog: Locator) => Promise<void>,
  role: 'dialog' | 'alertdialog' = 'dialog',
) {
  await opener.click();
  const dialog = page.getByRole(role, { name: dialogName });
  await expect(dialog).toBeVisible();
  await close(dialog);
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

const pressEscape = (page: Page) => async () => page.keyboard.press('Escape');
const click = (name: string) => async (dialog: Locator) => dialog.getByRole('button', { name, exact: true }).click();

/** WCAG contrast of an element's text on what is really behind it (translucent layers composited). */
async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgba = (text: string) =>
      (text.match(/[\d.]+/g) ?? []).map(Number).concat([1]).slice(0, 4) as [number, number, number, number];
    const over = (top: number[], bottom: number[]) =>
      top.slice(0, 3).map((c, i) => c * top[3]! + bottom[i]! * (1 - top[3]!));
    const layers: number[][] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const background = rgba(getComputedStyle(node).backgroundColor);
      if (background[3] > 0) layers.push(background);
      if (background[3] === 1) break;
    }
    let behind = [255, 255, 255];
    for (const layer of layers.reverse()) behind = over(layer, behind);
    const text = over(rgba(getComputedStyle(element).color), behind);
    const luminance = (rgb: number[]) =>
      rgb
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [light, dark] = [luminance(text), luminance(behind)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await createMember(request, member);
  const login = await request.post('/api/accounts/login', {
    data: { username: member.username, password: member.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  await api(request, accessToken, 'PUT', '/accounts/settings', {
    twilio_account_sid: E2E_TWILIO_ACCOUNT.accountSid,
    twilio_auth_token: E2E_TWILIO_ACCOUNT.authToken,
  });
  agentId = String((await api(request, accessToken, 'POST', '/agents', { name: CALLER })).id);
  await api(request, accessToken, 'POST', '/phone-associations', { phoneNumber: NUMBER, agentId });
  await api(request, accessToken, 'POST', '/custom-values', { name: 'GREETING', value: 'Hello' });
});

test.afterAll(async ({ request }) => {
  // Give the number back, so no other story finds it held.
  const login = await request.post('/api/accounts/login', {
    data: { username: member.username, password: member.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  await api(request, accessToken, 'DELETE', `/phone-associations/${encodeURIComponent(NUMBER)}`);
});

test('a member: skip link, one stop per agent card, and focus back after every dialog', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await signIn(page, member);
  await expect(page).toHaveTitle('Agents · Switchboard');

  // The skip link is the first stop and takes focus to the page.
  await page.reload();
  await expect(page.getByRole('link', { name: CALLER })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shootOne(page, 'a11y', 'skip-link');
  await page.keyboard.press('Enter');
  await expect(page.locator('#sb-main')).toBeFocused();

  // One tab stop per card: its name link.
  const card = page.getByTestId('agent-card').first();
  await expect(card.locator('a[href], button, [tabindex]:not([tabindex="-1"])')).toHaveCount(1);

  const newAgent = page.getByRole('button', { name: 'New Agent' });
  await roundTrip(page, newAgent, 'Create New Agent', pressEscape(page));
  await roundTrip(page, newAgent, 'Create New Agent', click('Cancel'));
  await roundTrip(page, newAgent, 'Create New Agent', async (dialog) => {
    await dialog.getByLabel('Agent Name').fill('Spare Line');
    await dialog.getByLabel('Agent Name').press('Enter');
  });

  await page.goto(`/agents/${agentId}`);
  const call = page.getByRole('button', { name: 'Call', exact: true });
  await expect(call).toBeEnabled();
  await roundTrip(page, call, `Call with ${CALLER}`, pressEscape(page));
  await roundTrip(page, call, `Call with ${CALLER}`, click('Cancel'));
  // A failed call says why inside the dialog, which stays open.
  await call.click();
  const callDialog = page.getByRole('dialog', { name: `Call with ${CALLER}` });
  await callDialog.getByLabel('Phone number to call').fill('not a number');
  await callDialog.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(callDialog.getByRole('alert')).toContainText('Failed to initiate call');
  await shootBoth(page, 'a11y', 'call-error', false);
  await page.keyboard.press('Escape');
  await expect(call).toBeFocused();
  await roundTrip(page, call, `Call with ${CALLER}`, async (dialog) => {
    // Not agents.spec.ts's callee: the fake Twilio's call log is shared by every story.
    await dialog.getByLabel('Phone number to call').fill('+15005550199');
    await dialog.getByRole('button', { name: 'Call', exact: true }).click();
  });

  await page.goto('/tools?tab=values');
  const edit = page.getByRole('button', { name: 'Edit GREETING' });
  await roundTrip(page, edit, 'Edit Custom Value', pressEscape(page));
  await roundTrip(page, edit, 'Edit Custom Value', click('Cancel'));
  await roundTrip(page, edit, 'Edit Custom Value', click('Save'));
  const add = page.getByRole('button', { name: 'Add Value' }).first();
  await roundTrip(page, add, 'Add Custom Value', pressEscape(page));

  await page.goto('/settings');
  const remove = page.getByRole('button', { name: 'Delete Twilio credentials' });
  await roundTrip(page, remove, 'Delete Twilio credentials', pressEscape(page), 'alertdialog');
  await roundTrip(page, remove, 'Delete Twilio credentials', click('Cancel'), 'alertdialog');
  // Deleting empties the card and turns its Delete off: focus goes to the card's first field.
  await remove.click();
  await click('Delete')(page.getByRole('alertdialog', { name: 'Delete Twilio credentials' }));
  await expect(page.getByLabel('Account SID', { exact: true })).toBeFocused();
  await expect(remove).toBeDisabled();

  await page.setViewportSize(NARROW);
  const menu = page.getByRole('button', { name: 'Open menu' });
  await roundTrip(page, menu, 'Menu', pressEscape(page));
  await roundTrip(page, menu, 'Menu', click('Close menu'));
});

test('an admin: focus back after the user dialogs, a usable table at 375 px, readable colours', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await signIn(page, { username: E2E_ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD }, '/admin');
  await expect(page).toHaveTitle('Admin · Switchboard');
  const created = `e2e-focus-made-${suffix}`;

  const createUser = page.getByRole('button', { name: 'Create User' });
  await roundTrip(page, createUser, 'Create User', pressEscape(page));
  await roundTrip(page, createUser, 'Create User', click('Cancel'));
  await roundTrip(page, createUser, 'Create User', async (dialog) => {
    await dialog.getByLabel('Username').fill(created);
    await dialog.getByLabel('Email').fill('made@example.com');
    await dialog.getByLabel('Password', { exact: false }).first().fill('made-pass-123');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  });

  const editUser = page.getByRole('button', { name: `Edit ${created}` });
  await roundTrip(page, editUser, 'Edit User', pressEscape(page));
  await roundTrip(page, editUser, 'Edit User', click('Cancel'));
  await roundTrip(page, editUser, 'Edit User', click('Save'));

  const impersonate = page.getByRole('button', { name: `Impersonate ${member.username}` });
  expect(await contrastOf(impersonate)).toBeGreaterThanOrEqual(4.5);
  expect(await contrastOf(page.getByText('You', { exact: true }))).toBeGreaterThanOrEqual(4.5);

  // 375 px: every row shows its actions and its whole role badge, and nothing scrolls sideways.
  await page.setViewportSize(NARROW);
  await shootOne(page, 'a11y', 'admin-table', true);
  for (const name of [member.username, created, E2E_ADMIN_USERNAME]) {
    for (const label of [`Impersonate ${name}`, `Edit ${name}`, `Delete ${name}`]) {
      const box = await page.getByRole('button', { name: label }).boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.x, label).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(NARROW.width);
    }
  }
  const badges = page.locator('.sb-user-role .rt-Badge');
  for (const badge of await badges.all()) {
    const box = await badge.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(NARROW.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
  await shootBoth(page, 'a11y', 'admin');

  // Deleting removes the opener with its row: focus goes to the page, not <body>.
  await page.setViewportSize(WIDE);
  const deleteUser = page.getByRole('button', { name: `Delete ${created}` });
  await roundTrip(page, deleteUser, 'Confirm Delete', pressEscape(page), 'alertdialog');
  await roundTrip(page, deleteUser, 'Confirm Delete', click('Cancel'), 'alertdialog');
  await deleteUser.click();
  await page
    .getByRole('alertdialog', { name: 'Confirm Delete' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByRole('button', { name: `Delete ${created}` })).toHaveCount(0);
  await expect(page.locator('#sb-main')).toBeFocused();
});

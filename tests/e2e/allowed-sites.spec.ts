/**
 * Allowed sites (issue 25) in Chromium: a bot whose list leaves the customer's site out opens on
 * "This chat is not enabled on this site" there, and takes no message; once the site is added on
 * the Behaviour tab, the same page gets the bot. The field and the refused widget are shot at 375
 * and 1280 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { createThroughApi, toast } from '../helpers/e2eConsole.js';
import { E2E_BASE_URL, E2E_SITE_URL } from '../helpers/e2eEnv.js';
import { dismissToasts, shootBoth, shootElementBoth } from '../helpers/e2eScreens.js';
import { widget } from '../helpers/e2eWidget.js';

const member = storyMember('sites', 'sites-pass-1234');
createMemberBeforeAll(member);

async function saveSites(page: Page, botId: string, text: string): Promise<void> {
  await page.goto(`/webchats/${botId}`);
  const field = page.getByLabel('Allowed Sites');
  await field.fill(text);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Bot updated successfully')).toBeVisible();
  await dismissToasts(page);
}

test('a bot refuses a site its list leaves out, and serves it once the site is added', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInWide(page, member);
  await page.goto('/webchats');
  const botId = await createThroughApi(page, request, '/api/webchats', {
    name: 'Shop helper',
    description: 'Answers shoppers',
    welcome_message: 'Hello from the shop!',
  });

  await page.goto(`/webchats/${botId}`);
  const section = page.getByRole('region', { name: 'Where it runs' });
  await expect(section.getByText(/Any website can load this bot/)).toBeVisible();
  await saveSites(page, botId, 'https://shop.example.com\nhttps://*.example.org');
  await expect(section.getByText(/Any website can load this bot/)).toHaveCount(0);
  await shootElementBoth(page, section, 'sites', 'field');

  const shop = `${E2E_SITE_URL}/embed?server=${encodeURIComponent(E2E_BASE_URL)}&webchatId=${botId}`;
  await page.goto(shop);
  await widget(page).getByRole('button', { name: 'Open chat' }).click();
  await expect(widget(page).getByRole('status')).toHaveText('This chat is not enabled on this site');
  await expect(widget(page).getByText('Hello from the shop!')).toHaveCount(0);
  await widget(page).getByRole('textbox', { name: 'Message' }).fill('Anyone there?');
  await expect(widget(page).getByRole('button', { name: 'Send message' })).toBeDisabled();
  await shootBoth(page, 'sites', 'refused', false);

  await saveSites(page, botId, `https://shop.example.com\n${E2E_SITE_URL}`);
  await page.goto(shop);
  await widget(page).getByRole('button', { name: 'Open chat' }).click();
  await expect(widget(page).getByText('Hello from the shop!')).toBeVisible();
  await expect(widget(page).getByRole('status')).toHaveText('');
});

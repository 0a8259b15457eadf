/**
 * Web chat bots in a real browser against the real server: a fresh user creates a bot from the
 * list, renames it, restyles it while the live preview (the built /widget.mjs in its shadow root)
 * follows every keystroke, uploads an avatar, saves, reloads and finds it all kept, copies the
 * integration script, creates a demo and opens it (the site is a private address the server may
 * not probe, so the page shows its backdrop, with the bot's launcher on top), opens the chat there,
 * then deletes the demo and the bot.
 */

import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { toast } from '../helpers/e2eConsole.js';
import { E2E_BASE_URL } from '../helpers/e2eEnv.js';
import { shootBoth, WIDE } from '../helpers/e2eScreens.js';

const AVATAR_FILE = fileURLToPath(new URL('../fixtures/images/avatar.png', import.meta.url));
const member = storyMember('bots', 'bots-pass-123');
const BOT = 'Shop Helper';

const shoot = (page: Page, name: string, fullPage = true) => shootBoth(page, 'webchats', name, fullPage);

/** Computed colours inside the preview widget's shadow root: the panel header (primary) and a user bubble. */
function previewColours(page: Page): Promise<{ header: string; user: string }> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="widget-preview"] [data-switchboard-widget]')?.shadowRoot;
    const style = (selector: string) => {
      const element = root?.querySelector(selector);
      return element ? getComputedStyle(element).backgroundColor : 'missing';
    };
    return { header: style('.header'), user: style('.msg.user') };
  });
}

test.describe.configure({ mode: 'serial' });

createMemberBeforeAll(member);

test('create a bot from the list, style it with the live preview, demo it and delete it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  await signInWide(page, member);

  await page.goto('/webchats');
  await expect(page.getByText('No web chat bots found')).toBeVisible();
  await shoot(page, 'list-empty');
  await page.getByRole('button', { name: 'Create Bot', exact: true }).click();
  await expect(page).toHaveURL(/\/webchats\/[0-9a-f-]{36}$/);
  const botUrl = page.url();
  const botId = botUrl.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Bot Settings' })).toBeVisible();

  // Behaviour: the spec's default bot, renamed.
  const name = page.getByLabel('Bot Name');
  await expect(name).toHaveValue(/^Web Chat Bot /);
  await expect(page.getByLabel('Description')).toHaveValue('Web chat bot with default settings');
  await expect(page.getByRole('slider', { name: 'Temperature' })).toHaveValue('0.7');
  await name.fill(BOT);
  await shoot(page, 'behaviour');

  // Appearance: the preview restyles on every keystroke, before anything is saved.
  await page.getByRole('tab', { name: 'Bot Appearance' }).click();
  // The Appearance tab's own preview: the Behaviour tab's (a saved bot's test chat) goes as this one mounts.
  const host = page
    .getByRole('tabpanel', { name: 'Bot Appearance' })
    .getByTestId('widget-preview')
    .locator('[data-switchboard-widget]');
  await expect(host).toHaveCount(1);
  await host.evaluate((element) => element.setAttribute('data-e2e-mark', 'first-mount'));
  await expect.poll(() => previewColours(page)).toEqual({ header: 'rgb(0, 132, 255)', user: 'rgb(0, 132, 255)' });
  await page.getByLabel('Primary Color', { exact: true }).fill('#aa2200');
  await expect.poll(() => previewColours(page)).toEqual({ header: 'rgb(170, 34, 0)', user: 'rgb(0, 132, 255)' });
  await page.getByLabel('User Message', { exact: true }).fill('#118833');
  await expect.poll(() => previewColours(page)).toEqual({ header: 'rgb(170, 34, 0)', user: 'rgb(17, 136, 51)' });
  // Restyled, not remounted.
  await expect(host).toHaveAttribute('data-e2e-mark', 'first-mount');

  await page.getByLabel('Avatar image file').setInputFiles(AVATAR_FILE);
  await expect(page.getByRole('img', { name: 'Current avatar' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(host.locator('img.avatar').first()).toHaveAttribute('src', /^data:image\/jpeg;base64,/);

  await page.getByText('Show as Ad Message').click();
  await page.getByLabel('Advertisement Message').fill('Questions? Ask us!');
  await page.getByRole('radio', { name: 'Ad message' }).click();
  await expect(host.getByText('Questions? Ask us!')).toBeVisible();
  await page.getByRole('radio', { name: 'Chat open' }).click();
  await shoot(page, 'appearance');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Bot updated successfully')).toBeVisible();

  // Everything survives a reload.
  await page.reload();
  await expect(page.getByLabel('Primary Color', { exact: true })).toHaveValue('#aa2200');
  await expect(page.getByLabel('User Message', { exact: true })).toHaveValue('#118833');
  await expect(page.getByLabel('Advertisement Message')).toHaveValue('Questions? Ask us!');
  await expect(page.getByRole('img', { name: 'Current avatar' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect.poll(() => previewColours(page)).toEqual({ header: 'rgb(170, 34, 0)', user: 'rgb(17, 136, 51)' });
  await page.getByRole('tab', { name: 'Bot Behaviour' }).click();
  await expect(page.getByLabel('Bot Name')).toHaveValue(BOT);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(BOT);

  await page.getByRole('tab', { name: 'Knowledge Base' }).click();
  await shoot(page, 'knowledge');

  // The integration script, copied.
  const script = `<script src="${E2E_BASE_URL}/widget.js" data-webchat-id="${botId}" defer></script>`;
  await expect(page.getByTestId('integration-script')).toHaveText(script);
  await page.getByRole('button', { name: 'Copy Script', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied!', exact: true })).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(script);

  // A demo of a site the server may not probe (a private address): the backdrop, and the bot on it.
  // Not this server's own pages: those are refused (issue 18).
  await page.getByRole('tab', { name: 'Demo' }).click();
  await expect(page.getByText('No demos available yet. Create one above!')).toBeVisible();
  const site = '192.168.1.20';
  const link = `http://${site}/shop`;
  await page.getByLabel('Link').fill(link);
  await page.getByRole('button', { name: 'Create Demo' }).click();
  await expect(toast(page, 'Demo created successfully')).toBeVisible();
  const item = page.getByTestId('demo-item');
  await expect(item).toContainText(link);
  await shoot(page, 'demo');
  const accessUrl = await item.getByRole('link').getAttribute('href');
  expect(accessUrl).toMatch(new RegExp(`^${E2E_BASE_URL}/demo/[A-Za-z0-9_-]{24}$`));

  const demo = await context.newPage();
  await demo.setViewportSize(WIDE);
  await demo.goto(accessUrl!);
  await expect(demo.getByRole('heading', { level: 1, name: site })).toBeVisible();
  await expect(demo.getByRole('link', { name: `Open ${site} in a new tab` })).toHaveAttribute('href', link);
  await expect(demo.getByRole('button', { name: 'Open chat' })).toBeVisible();
  await expect(demo.getByText('Questions? Ask us!')).toBeVisible();
  await shoot(demo, 'demo-page', false);
  await demo.getByRole('button', { name: 'Open chat' }).click();
  await expect(demo.getByRole('dialog', { name: 'Chat with our AI assistant' })).toBeVisible();
  await shoot(demo, 'demo-page-open', false);

  // Delete the demo, then the bot; the demo page then says so.
  await page.bringToFront();
  await item.getByRole('button', { name: /^Delete the demo of/ }).click();
  await page.getByRole('alertdialog', { name: 'Delete Demo' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Demo deleted successfully')).toBeVisible();
  await expect(page.getByText('No demos available yet. Create one above!')).toBeVisible();

  await page.getByLabel('Link').fill('https://www.example.com/shop');
  await page.getByRole('button', { name: 'Create Demo' }).click();
  await expect(page.getByTestId('demo-item')).toHaveCount(1);
  const orphan = await page.getByTestId('demo-item').getByRole('link').getAttribute('href');

  await page.goto('/webchats');
  await expect(page.getByRole('link', { name: BOT, exact: true })).toBeVisible();
  await expect(page.getByTestId('webchat-card')).toContainText('ACTIVE');
  await shoot(page, 'list');
  await page.goto(botUrl);
  await page.getByRole('button', { name: 'Delete Bot' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Bot' });
  await expect(confirm).toContainText('Are you sure you want to delete this bot? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Bot ${BOT} deleted successfully`)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/webchats');
  await expect(page.getByText('No web chat bots found')).toBeVisible();

  await demo.goto(orphan!);
  await expect(demo.getByRole('heading', { level: 1, name: 'Demo not found' })).toBeVisible();
});

/**
 * Keep history in a real browser against the real server (issue 18): set on an agent's page
 * (Advanced Settings) and a bot's Behaviour tab, saved, still there after a reload, and stated on
 * the bot's Conversations tab. Screenshots of the three places at 375 and 1280 px.
 */
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createMember, signIn } from '../helpers/e2eAccounts.js';
import { E2E_SCREENSHOTS_DIR } from '../helpers/e2eEnv.js';
import { dismissToasts, NARROW, WIDE } from '../helpers/e2eScreens.js';

const member = {
  username: `e2e-keep-${Date.now().toString(36)}`,
  email: 'keep@example.com',
  password: 'keep-history-1234',
};

test.beforeAll(async ({ request }) => {
  await createMember(request, member);
});

/** The element at both widths, scrolled into view (`keep-history-<name>-1280.png` and `-375.png`). */
async function shootSection(page: Page, section: Locator, name: string): Promise<void> {
  for (const [label, size] of [
    ['1280', WIDE],
    ['375', NARROW],
  ] as const) {
    await page.setViewportSize(size);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(E2E_SCREENSHOTS_DIR, `keep-history-${name}-${label}.png`) });
  }
  await page.setViewportSize(WIDE);
}

async function choose(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option }).click();
  await expect(field).toHaveText(option);
}

test('Keep history is set on an agent and a bot and stated on the Conversations tab', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(WIDE);
  await signIn(page, member);
  const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` };
  const agent = await request.post('/api/agents', { headers, data: { name: 'Privacy Line' } });
  expect(agent.ok(), await agent.text()).toBe(true);
  const { id: agentId } = (await agent.json()) as { id: string };

  await page.goto(`/agents/${agentId}`);
  const advanced = page.getByRole('region', { name: 'Advanced Settings' });
  const agentField = advanced.getByRole('combobox', { name: 'Keep history' });
  await expect(agentField).toHaveText('Forever');
  await choose(page, agentField, '30 days');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Agent updated successfully')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Advanced Settings' }).getByRole('combobox', { name: 'Keep history' }),
  ).toHaveText('30 days', { timeout: 20_000 });
  await dismissToasts(page);
  await shootSection(page, page.getByRole('region', { name: 'Advanced Settings' }), 'agent');

  const bot = await request.post('/api/webchats', {
    headers,
    data: { name: 'Private desk', description: 'Keeps nothing' },
  });
  expect(bot.ok(), await bot.text()).toBe(true);
  const { id: botId } = (await bot.json()) as { id: string };
  await page.goto(`/webchats/${botId}`);
  const memory = page.getByRole('region', { name: 'Tools and memory' });
  const botField = memory.getByRole('combobox', { name: 'Keep history' });
  await expect(botField).toHaveText('Forever');
  await choose(page, botField, 'Don’t keep');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Bot updated successfully')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Tools and memory' }).getByRole('combobox', { name: 'Keep history' }),
  ).toHaveText('Don’t keep', { timeout: 20_000 });
  await dismissToasts(page);
  await shootSection(page, page.getByRole('region', { name: 'Tools and memory' }), 'behaviour');

  await page.getByRole('tab', { name: 'Conversations' }).click();
  await expect(page.getByTestId('retention-note')).toHaveText(
    /^History is not kept: a conversation is deleted with its messages once it ends, 2 hours after its last message/,
  );
  await shootSection(page, page.getByRole('tabpanel'), 'conversations');
});

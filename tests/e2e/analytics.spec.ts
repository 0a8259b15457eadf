/**
 * The Analytics page (issue 21) in a real browser against the real server: a member whose bot
 * answered two visitors opens Analytics from the navigation, sees the totals and the charts drawn
 * by uPlot (canvas), reads a chart's numbers in its Table view, narrows to the bot with the
 * keyboard, and picks a range with nothing in it. Screenshots at 375 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { FAKE_CHAT_CONTROL } from '../fixtures/fakeOpenAIChatServer.js';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { createThroughApi, saveIntegrations } from '../helpers/e2eConsole.js';
import { E2E_OPENAI_PORT } from '../helpers/e2eEnv.js';
import { shootBoth } from '../helpers/e2eScreens.js';

const member = storyMember('analytics', 'analytics-pass-1234');
const FAKE_OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;
createMemberBeforeAll(member);

test('a member reads their chats’ figures, a chart as a table, one bot, and an empty range', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInWide(page, member);
  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-analytics-0123456789' });
  const botId = await createThroughApi(page, request, '/api/webchats', {
    name: 'Analytics bot',
    description: 'Answers visitors',
    model: 'gpt-4o-mini',
  });
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.reset}`);
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.replies}`, {
    data: [
      { text: 'It ships today.', usage: { prompt: 1200, cached: 0, completion: 85 } },
      { text: 'Opening hours are 9 to 5.', usage: { prompt: 900, cached: 0, completion: 40 } },
    ],
  });
  for (const text of ['Where is my parcel?', 'When are you open?']) {
    const answer = await request.post(`/api/widget/webchats/${botId}/messages`, { data: { text } });
    expect(answer.ok(), await answer.text()).toBe(true);
  }

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const chats = page.getByText('Chats', { exact: true }).first().locator('xpath=following-sibling::div[1]');
  await expect(chats).toHaveText('2');
  await expect(page.locator('.sb-bar-chart canvas').first()).toBeVisible();
  await shootBoth(page, 'analytics', 'figures');

  const hours = page.getByRole('radiogroup', { name: 'View: Calls and chats per day' });
  await hours.getByRole('radio', { name: 'Table' }).click();
  const table = page.getByRole('table', { name: 'Calls and chats per day' });
  await expect(table.getByRole('row').last()).toContainText('2');
  await shootBoth(page, 'analytics', 'table');

  // Keyboard only: the agent-or-bot choice opens, and the bot is picked.
  const source = page.getByRole('combobox', { name: 'Agent or bot' });
  await source.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Bot: Analytics bot' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`source=bot%3A${botId}`));
  await expect(chats).toHaveText('2');

  await page.goto('/analytics?range=custom&from=2020-01-01&to=2020-01-31');
  await expect(page.getByRole('heading', { name: 'No calls or chats in this range' })).toBeVisible();
  await shootBoth(page, 'analytics', 'empty');
});

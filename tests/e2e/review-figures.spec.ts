/**
 * Issue 21's figures in a real browser against the real server: an admin keeps the price table on
 * /admin/prices (a dated row added, checked at its field, then deleted after a confirm), and a
 * bot's conversation shows each answer's time to first token, tokens and cost with the totals
 * in its header. Screenshots at 375 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { FAKE_CHAT_CONTROL } from '../fixtures/fakeOpenAIChatServer.js';
import { createMemberBeforeAll, signIn, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { createThroughApi, saveIntegrations } from '../helpers/e2eConsole.js';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME, E2E_OPENAI_PORT } from '../helpers/e2eEnv.js';
import { dismissToasts, shootBoth } from '../helpers/e2eScreens.js';

const member = storyMember('figures', 'figures-pass-1234');
const FAKE_OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;
createMemberBeforeAll(member);

test('an admin adds a dated price row, sees a problem at its field, and deletes the row after a confirm', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, { username: E2E_ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD }, '/admin');
  await page.getByRole('link', { name: 'Model Prices' }).click();
  await expect(page).toHaveURL(/\/admin\/prices$/);
  const table = page.getByRole('table', { name: 'Model prices' });
  await expect(table.getByRole('rowheader', { name: 'gpt-4o-mini' })).toBeVisible();
  await shootBoth(page, 'prices', 'table');

  await page.getByRole('button', { name: 'Add Price' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Price' });
  await dialog.getByLabel('Model').fill('e2e-model');
  await dialog.getByLabel('In force from').fill('2026-05-01');
  await dialog.getByLabel('Text in').fill('-2');
  await dialog.getByLabel('Text cached').fill('0.5');
  await dialog.getByLabel('Text out').fill('8');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must be between 0 and 10000')).toBeVisible();
  await expect(dialog.getByLabel('Text in')).toBeFocused();
  await shootBoth(page, 'prices', 'add-errors', false);
  await dialog.getByLabel('Text in').fill('2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const added = table.getByRole('row').filter({ hasText: 'e2e-model' });
  await expect(added).toContainText('2026-05-01');
  await dismissToasts(page);

  // Keyboard: the row's Delete button is reached and pressed without a pointer.
  const remove = page.getByRole('button', { name: 'Delete e2e-model from 2026-05-01' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
  await expect(confirm).toContainText('e2e-model in force from 2026-05-01');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(added).toHaveCount(0);
});

test('a conversation shows each answer’s first token time, tokens and cost, and their totals', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signInWide(page, member);
  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-figures-0123456789' });
  const botId = await createThroughApi(page, request, '/api/webchats', {
    name: 'Parcel figures',
    description: 'Answers with figures',
    model: 'gpt-4o-mini',
  });
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.reset}`);
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.replies}`, {
    data: [
      {
        text: 'Your parcel ships today.',
        firstDeltaDelayMs: 300,
        usage: { prompt: 1200, cached: 1024, completion: 85 },
      },
      { text: 'Tracking starts tonight.', usage: { prompt: 1400, cached: 1152, completion: 40 } },
    ],
  });
  const first = await request.post(`/api/widget/webchats/${botId}/messages`, {
    data: { text: 'Where is my parcel?' },
  });
  expect(first.ok(), await first.text()).toBe(true);
  const conversationId = /"conversationId":"([^"]+)"/.exec(await first.text())?.[1];
  const second = await request.post(`/api/widget/webchats/${botId}/messages`, {
    data: { text: 'When can I track it?', conversationId },
  });
  expect(second.ok(), await second.text()).toBe(true);

  await page.goto(`/webchats/${botId}?tab=conversations&conversation=${conversationId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  const answers = log.locator('[data-role="assistant"] .sb-answer-figures');
  await expect(answers).toHaveCount(2);
  await expect(answers.first()).toContainText('Tokens 1,200 in (1,024 cached), 85 out');
  await expect(answers.first()).toContainText('Model gpt-4o-mini');
  await expect(answers.first()).toContainText(/First token \d+ ms/);
  await expect(page.getByText('2,600 / 2,176 / 125')).toBeVisible();
  await shootBoth(page, 'figures', 'conversation');
});

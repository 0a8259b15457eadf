/**
 * The bot page as a new user met it (issue 18), in a real browser against the real server: a
 * visitor's chat whose answer is Markdown shows in the Conversations tab rendered as the widget
 * shows it (bold, a list, a safe link; a javascript: link and HTML as typed), the read-only tab
 * offers no Save Changes or Delete Bot, and a bot that fails to load (the browser gets a 500 for
 * it) shows an alert with 'Back to Web Chats'. Screenshots at 375 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { FAKE_CHAT_CONTROL } from '../fixtures/fakeOpenAIChatServer.js';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { createThroughApi, saveIntegrations } from '../helpers/e2eConsole.js';
import { E2E_OPENAI_PORT } from '../helpers/e2eEnv.js';
import { shootBoth } from '../helpers/e2eScreens.js';

const member = storyMember('convview', 'convview-pass-1234');
const FAKE_OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;
const QUESTION = 'How do I track my parcel?';
const ANSWER = [
  '**Good news:** tracking takes a minute.',
  '',
  '1. Open [the tracking page](https://acme.example/track)',
  '2. Enter the number from your email, e.g. `PARCEL-4711`',
  '3. Or [ask us](javascript:alert(1)) <b>anytime</b>',
].join('\n');

createMemberBeforeAll(member);

test('a Markdown answer shows rendered in Conversations, the tab has no Save or Delete, and a failed load says so with the way back', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signInWide(page, member);
  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-convview-0123456789' });
  const botId = await createThroughApi(page, request, '/api/webchats', {
    name: 'Parcel tracking',
    description: 'Explains tracking',
  });

  // A visitor asks through the widget's public endpoint; the model answers in Markdown.
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.reset}`);
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.replies}`, { data: [{ text: ANSWER }] });
  const chat = await request.post(`/api/widget/webchats/${botId}/messages`, { data: { text: QUESTION } });
  expect(chat.ok(), await chat.text()).toBe(true);

  await page.goto(`/webchats/${botId}?tab=conversations`);
  await page
    .getByRole('table', { name: 'Conversations' })
    .getByRole('link', { name: /open conversation$/ })
    .click();
  const log = page.getByRole('log', { name: 'Messages' });
  const answer = log.locator('[data-role="assistant"]');
  await expect(answer.locator('strong')).toHaveText('Good news:');
  await expect(answer.locator('ol > li')).toHaveCount(3);
  await expect(answer.locator('code')).toHaveText('PARCEL-4711');
  const link = answer.getByRole('link', { name: 'the tracking page' });
  await expect(link).toHaveAttribute('href', 'https://acme.example/track');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(answer.getByRole('link')).toHaveCount(1);
  await expect(answer).toContainText('[ask us](javascript:alert(1)) <b>anytime</b>');
  await expect(answer.locator('b')).toHaveCount(0);
  await expect(log.locator('[data-role="user"]')).toHaveText(new RegExp(QUESTION.replace('?', '\\?')));
  await expect(page.getByRole('button', { name: /Save Changes/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Delete Bot/ })).toHaveCount(0);
  await shootBoth(page, 'conversation', 'markdown');

  // The bot's load fails (a 500 for this one request): an alert, and a button back to the list.
  await page.route(`**/api/webchats/${botId}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Internal server error', code: 'internal' }),
    }),
  );
  await page.goto(`/webchats/${botId}`);
  await expect(page.getByRole('alert')).toHaveText('Failed to load bot');
  const back = page.getByRole('link', { name: 'Back to Web Chats' });
  await expect(back).toBeVisible();
  await shootBoth(page, 'webchat', 'load-failed');
  await back.click();
  await expect(page).toHaveURL(/\/webchats$/);
});

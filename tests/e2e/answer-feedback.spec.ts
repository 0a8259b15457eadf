/**
 * Feedback on answers (issue 25) in Chromium: a visitor on a customer's page rates one answer up
 * and another down with a comment, and finds both still pressed after a reload; the owner sees
 * them in the bot's Conversations view, on its card and in Analytics, and finds the chat with the
 * history search's Feedback filter. The widget and each console view are shot at 375 and 1280 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { FAKE_CHAT_CONTROL } from '../fixtures/fakeOpenAIChatServer.js';
import { createMember, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { choose, createThroughApi, saveIntegrations } from '../helpers/e2eConsole.js';
import { E2E_BASE_URL, E2E_OPENAI_PORT, E2E_SITE_URL } from '../helpers/e2eEnv.js';
import { shootBoth } from '../helpers/e2eScreens.js';
import { settled, widget } from '../helpers/e2eWidget.js';

const member = storyMember('feedback', 'feedback-pass-1234');
const FAKE_OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;

async function ask(page: Page, text: string, answer: string): Promise<void> {
  const input = widget(page).getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await expect(widget(page).locator('.msg.assistant').last()).toHaveText(`Assistant: ${answer}`);
}

test('a visitor gives a thumbs down with a comment; the owner sees it and finds the chat by it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await createMember(request, member);
  await signInWide(page, member);
  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-feedback-key' });
  const botId = await createThroughApi(page, request, '/api/webchats', {
    name: 'Parcel helper',
    description: 'Answers about parcels',
    welcome_message: 'Hi! Ask me about your parcel.',
  });
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.reset}`);
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.replies}`, {
    data: [{ text: 'We ship within two days.' }, { text: 'Your parcel is in Narnia.' }],
  });

  await page.goto(`${E2E_SITE_URL}/embed?server=${encodeURIComponent(E2E_BASE_URL)}&webchatId=${botId}`);
  await widget(page).getByRole('button', { name: 'Open chat' }).click();
  await expect(widget(page).getByText('Hi! Ask me about your parcel.')).toBeVisible();
  // Nothing to rate under the welcome message.
  await expect(widget(page).getByRole('button', { name: 'Good answer' })).toHaveCount(0);
  await ask(page, 'How fast do you ship?', 'We ship within two days.');
  await widget(page).getByRole('button', { name: 'Good answer' }).click();
  await ask(page, 'Where is my parcel?', 'Your parcel is in Narnia.');

  const bad = widget(page).getByRole('button', { name: 'Bad answer' }).last();
  await bad.click();
  const comment = widget(page).getByRole('textbox', { name: 'What was wrong? (optional)' });
  await expect(comment).toBeFocused();
  await comment.fill('Narnia is not a real place');
  await widget(page).getByRole('button', { name: 'Send', exact: true }).click();
  await expect(widget(page).getByText('Thanks for your feedback')).toBeVisible();
  await expect(bad).toBeFocused();
  await settled(page);
  await shootBoth(page, 'feedback', 'widget', false);

  // The ratings come back with the conversation.
  await page.reload();
  await widget(page).getByRole('button', { name: 'Open chat' }).click();
  await expect(widget(page).getByText('Your parcel is in Narnia.')).toBeVisible();
  const pressed = widget(page).locator('[aria-pressed="true"]');
  await expect(pressed).toHaveCount(2);
  await expect(widget(page).getByRole('button', { name: 'Good answer' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(widget(page).getByRole('button', { name: 'Bad answer' }).last()).toHaveAttribute('aria-pressed', 'true');

  // The owner: the Conversations view, then the conversation.
  await page.goto(`${E2E_BASE_URL}/webchats/${botId}?tab=conversations`);
  await expect(page.getByRole('heading', { name: 'Conversations (1)' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('1 thumbs up, 1 thumbs down', { exact: true })).toBeAttached();
  await shootBoth(page, 'feedback', 'conversations');
  await page
    .getByRole('link', { name: /open conversation/ })
    .first()
    .click();
  const answer = page.locator('[data-role="assistant"]').filter({ hasText: 'Your parcel is in Narnia.' });
  await expect(answer.getByText('Visitor rated this answer bad')).toBeVisible();
  await expect(answer).toContainText('Visitor’s comment: Narnia is not a real place');
  await shootBoth(page, 'feedback', 'conversation');

  // The bot card.
  await page.goto(`${E2E_BASE_URL}/webchats`);
  await expect(page.getByText('1 thumbs up, 1 thumbs down in the last 30 days', { exact: true })).toBeAttached();
  await shootBoth(page, 'feedback', 'card');

  // The history search, by its Feedback filter.
  await page.goto(`${E2E_BASE_URL}/sessions`);
  await page.getByRole('button', { name: 'Filters' }).click();
  await choose(page, 'Feedback', 'With comment');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results).toContainText('Parcel helper');
  expect(new URL(page.url()).searchParams.get('feedback')).toBe('comment');
  await shootBoth(page, 'feedback', 'history');

  // Analytics: the share of rated answers rated good.
  await page.goto(`${E2E_BASE_URL}/analytics`);
  const headline = page.getByText('Answer feedback', { exact: true });
  await expect(headline).toBeVisible();
  await expect(page.getByText('50% good')).toBeVisible();
  await expect(page.getByText('1 thumbs up, 1 thumbs down', { exact: true })).toBeVisible();
  await shootBoth(page, 'feedback', 'analytics');
});

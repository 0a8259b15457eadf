/**
 * The live chat in a real browser against the real server and the fake OpenAI (issue 9): a bot
 * made in the console answers a visitor on a customer's page of another origin, which embeds it
 * with the integration script exactly as the console gives it. The answer streams in, renders
 * its Markdown, and the conversation is still there after a reload; the bot's card counts it.
 */
import { expect, test } from '@playwright/test';
import type { FakeChatRequest } from '../fixtures/fakeOpenAIChat.js';
import { FAKE_CHAT_CONTROL } from '../fixtures/fakeOpenAIChatServer.js';
import { createMember, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { saveIntegrations } from '../helpers/e2eConsole.js';
import { E2E_BASE_URL, E2E_OPENAI_PORT, E2E_SITE_URL } from '../helpers/e2eEnv.js';
import { NARROW, shootBoth, shootOne, WIDE } from '../helpers/e2eScreens.js';
import { settled, widget } from '../helpers/e2eWidget.js';

const member = storyMember('chat', 'chat-pass-1234');
const FAKE_OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;
const ANSWER = 'We are open **9 to 5**, Monday to Friday. See [our hours](https://shop.example.test/hours).';
const SHOWN = 'We are open 9 to 5, Monday to Friday. See our hours.';

test('a visitor on a customer page asks, watches the answer stream in, and finds the chat kept after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await createMember(request, member);
  await signInWide(page, member);
  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-chat-key' });

  await page.goto('/webchats');
  await page.getByRole('button', { name: 'Create Bot', exact: true }).click();
  await expect(page).toHaveURL(/\/webchats\/[0-9a-f-]{36}$/);
  const botId = page.url().split('/').pop()!;
  const botName = await page.getByLabel(/^Bot Name/).inputValue();
  await page.getByLabel('System Prompt').fill('You are the assistant of Acme Shop. Be brief.');
  await page.getByLabel('Welcome Message').fill('Hello! Ask me about Acme Shop.');
  await page.getByLabel('Starter Questions').fill('When are you open?\nDo you deliver?');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('.sb-toast').filter({ hasText: 'Bot updated successfully' }).first()).toBeVisible();
  const script = (await page.getByTestId('integration-script').textContent())!.trim();
  expect(script).toBe(`<script src="${E2E_BASE_URL}/widget.js" data-webchat-id="${botId}" defer></script>`);

  // The fake model answers word by word, slowly enough to watch.
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.reset}`);
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.replies}`, { data: [{ text: ANSWER, chunkDelayMs: 200 }] });

  // The customer's site is the fixture shop: another origin than Switchboard's (a loopback one,
  // as Chromium refuses a public page's requests to loopback), embedding the bot with that script.
  await page.goto(`${E2E_SITE_URL}/embed?server=${encodeURIComponent(E2E_BASE_URL)}&webchatId=${botId}`);
  expect(await page.locator('script[data-webchat-id]').evaluate((node) => node.outerHTML)).toBe(
    script.replace(' defer>', ' defer="">'),
  );
  await widget(page).getByRole('button', { name: 'Open chat' }).click();
  await expect(widget(page).getByText('Hello! Ask me about Acme Shop.')).toBeVisible();
  const input = widget(page).getByRole('textbox', { name: 'Message' });
  await expect(input).toBeFocused();
  // A starter question (issue 25) is the visitor's first message.
  await expect(widget(page).getByRole('group', { name: 'Suggested questions' })).toBeVisible();
  await settled(page);
  await shootOne(page, 'chat', 'starters');
  await widget(page).getByRole('button', { name: 'When are you open?' }).click();
  await expect(widget(page).getByRole('group', { name: 'Suggested questions' })).toHaveCount(0);

  // Streaming: the first words show while the bubble is still busy and sending is held.
  const answer = widget(page).locator('.msg.assistant').last();
  await expect(answer).toContainText('We are open');
  await expect(answer).toHaveAttribute('aria-busy', 'true');
  await expect(widget(page).getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(answer).toHaveText(`Assistant: ${SHOWN}`);
  await expect(answer).not.toHaveAttribute('aria-busy');
  await expect(answer.locator('strong')).toHaveText('9 to 5');
  const link = answer.getByRole('link', { name: 'our hours' });
  await expect(link).toHaveAttribute('href', 'https://shop.example.test/hours');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await settled(page);
  await shootOne(page, 'chat', 'answered');

  // What the model was asked: the bot's prompt, then the visitor's question.
  const asked = (await (await request.get(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.requests}`)).json()) as FakeChatRequest[];
  const messages = asked.at(-1)!.body.messages!;
  expect(String(messages[0]!.content)).toContain('You are the assistant of Acme Shop. Be brief.');
  expect(messages.at(-1)).toMatchObject({ role: 'user', content: 'When are you open?' });
  expect(asked.at(-1)!.authorization).toBe('Bearer sk-e2e-chat-key');

  // A reload keeps the conversation: the widget remembers its id on the customer's origin.
  await page.setViewportSize(NARROW);
  await page.reload();
  await widget(page).getByRole('button', { name: 'Open chat' }).click();
  await expect(widget(page).getByText('When are you open?')).toBeVisible();
  await expect(widget(page).locator('.msg.assistant').last()).toHaveText(`Assistant: ${SHOWN}`);
  await settled(page);
  await shootOne(page, 'chat', 'restored');

  // Start over (issue 25): back to the welcome message, and a reload no longer brings the old chat.
  await widget(page).getByRole('button', { name: 'Start a new conversation' }).click();
  await expect(widget(page).locator('.msg')).toHaveCount(1);
  await expect(widget(page).getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.reload();
  await widget(page).getByRole('button', { name: 'Open chat' }).click();
  await expect(widget(page).getByText('Hello! Ask me about Acme Shop.')).toBeVisible();
  // Only the welcome message, and the starter questions offered again.
  await expect(widget(page).locator('.msg')).toHaveCount(1);
  await expect(widget(page).getByRole('group', { name: 'Suggested questions' })).toBeVisible();

  // The bot's card counts the conversation as active.
  await page.setViewportSize(WIDE);
  await page.goto(`${E2E_BASE_URL}/webchats`);
  const card = page.getByTestId('webchat-card').filter({ has: page.getByRole('link', { name: botName, exact: true }) });
  await expect(card).toContainText('1 active');

  // The owner tries a new prompt before saving it (issue 20): the preview beside the Behaviour
  // fields is the same widget, answering with the page's settings.
  await card.getByRole('link', { name: botName, exact: true }).click();
  await page.getByLabel('System Prompt').fill('You are the pirate of Acme Shop. Say arr.');
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(preview.getByRole('radio', { name: 'Chat', exact: true })).toHaveAttribute('aria-checked', 'true');
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.replies}`, { data: [{ text: 'Arr, we open at nine.' }] });
  const tester = preview.locator('[data-switchboard-widget]');
  await tester.getByRole('textbox', { name: 'Message' }).fill('Who are you?');
  await tester.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(tester.locator('.msg.assistant').last()).toHaveText('Assistant: Arr, we open at nine.');
  const tried = (await (await request.get(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.requests}`)).json()) as FakeChatRequest[];
  expect(String(tried.at(-1)!.body.messages![0]!.content)).toContain('You are the pirate of Acme Shop. Say arr.');
  await shootBoth(page, 'chat', 'test-chat');

  // Kept and marked as a test, not a visitor's: the card still counts one active conversation.
  await page.getByRole('tab', { name: 'Conversations' }).click();
  const testRow = page.getByRole('row').filter({ hasText: 'Who are you?' });
  await expect(testRow.getByText('Test', { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Web Chats' }).click();
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(card).toContainText('1 active');
  // The prompt tried was never saved.
  await card.getByRole('link', { name: botName, exact: true }).click();
  await expect(page.getByLabel('System Prompt')).toHaveValue('You are the assistant of Acme Shop. Be brief.');
});

/**
 * Chat take-over end to end (issue 23) in two browsers: a visitor on a customer's page chats with
 * the bot; the bot's owner, in the console, sees the visitor ask for a person (a waiting badge),
 * takes the conversation over and writes; the visitor sees "{name} joined the chat" and the
 * operator's message, replies, and the bot stays silent (the fake model gets no request); the
 * operator hands back, the visitor sees the leave line, and the bot answers again with the
 * operator's words in its context. Screenshots at 375 and 1280 px of both sides.
 */
import { expect, test } from '@playwright/test';
import type { FakeChatRequest } from '../fixtures/fakeOpenAIChat.js';
import { FAKE_CHAT_CONTROL } from '../fixtures/fakeOpenAIChatServer.js';
import { createMember, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { createThroughApi, saveIntegrations } from '../helpers/e2eConsole.js';
import { E2E_BASE_URL, E2E_OPENAI_PORT, E2E_SITE_URL } from '../helpers/e2eEnv.js';
import { shootBoth } from '../helpers/e2eScreens.js';
import { widget } from '../helpers/e2eWidget.js';

const member = storyMember('takeover', 'takeover-pass-1234');
const FAKE_OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;

/** Two browsers and a server on a shared machine: cross-page waits get more than the default 5 s. */
const SLOW = { timeout: 20_000 };

test('an operator takes a visitor chat over, writes, the bot stays silent, and answers again after Hand back', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await createMember(request, member);
  await signInWide(page, member);
  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-takeover-key' });
  const botId = await createThroughApi(page, request, '/api/webchats', {
    name: 'Order desk',
    description: 'Answers order questions',
    welcome_message: 'Hi! Ask me about your order.',
    talk_to_person: true,
  });
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.reset}`);
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.replies}`, {
    data: [{ text: 'Let me look that up.' }, { text: 'It arrives on Friday.' }],
  });

  // The visitor, in a browser of their own, on the customer's site.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${E2E_SITE_URL}/embed?server=${encodeURIComponent(E2E_BASE_URL)}&webchatId=${botId}`);
  await widget(visitor).getByRole('button', { name: 'Open chat' }).click();
  const input = widget(visitor).getByRole('textbox', { name: 'Message' });
  await input.fill('Where is order 42?');
  await input.press('Enter');
  await expect(widget(visitor).locator('.msg.assistant').last()).toHaveText('Assistant: Let me look that up.', SLOW);

  // The visitor asks for a person; the console lists the conversation as waiting.
  await page.goto(`/webchats/${botId}?tab=conversations`);
  const table = page.getByRole('table', { name: 'Conversations' });
  await expect(table.getByText('Where is order 42?')).toBeVisible(SLOW);
  await widget(visitor).getByRole('button', { name: 'Talk to a person' }).click();
  await expect(widget(visitor).getByText('A person has been asked to join')).toBeVisible(SLOW);
  await expect(page.getByText('1 waiting')).toBeVisible(SLOW);
  await expect(table.getByText('Waiting', { exact: true })).toBeVisible(SLOW);
  await shootBoth(page, 'takeover', 'console-waiting');

  await table.getByRole('link', { name: /open conversation$/ }).click();
  await page.getByRole('button', { name: 'Take over' }).click();
  await expect(page.getByRole('button', { name: 'Hand back' })).toBeVisible(SLOW);
  await expect(widget(visitor).getByText(`${member.username} joined the chat`)).toBeVisible(SLOW);

  const message = page.getByRole('textbox', { name: 'Message to the visitor' });
  await message.fill('Hi, I am checking order 42 for you.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const operatorBubble = widget(visitor).locator('.msg.operator');
  await expect(operatorBubble).toHaveText(`${member.username}Hi, I am checking order 42 for you.`, SLOW);

  // The visitor replies: the operator sees it live, and the bot stays silent.
  const requestsBefore = (
    (await (await request.get(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.requests}`)).json()) as FakeChatRequest[]
  ).length;
  await input.fill('Thank you!');
  await input.press('Enter');
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Thank you!')).toBeVisible(SLOW);
  await expect(widget(visitor).locator('.msg').last()).toHaveText('You: Thank you!', SLOW);
  await expect(widget(visitor).getByRole('img', { name: 'Assistant is typing' })).toHaveCount(0);
  const requestsAfter = (
    (await (await request.get(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.requests}`)).json()) as FakeChatRequest[]
  ).length;
  expect(requestsAfter).toBe(requestsBefore);
  await shootBoth(page, 'takeover', 'console-holding');
  await shootBoth(visitor, 'takeover', 'widget-operator');

  await page.getByRole('button', { name: 'Hand back' }).click();
  await expect(page.getByRole('button', { name: 'Take over' })).toBeVisible(SLOW);
  await expect(widget(visitor).getByText(`${member.username} left the chat`)).toBeVisible(SLOW);

  await input.fill('When will it arrive?');
  await input.press('Enter');
  await expect(widget(visitor).locator('.msg.assistant').last()).toHaveText('Assistant: It arrives on Friday.', SLOW);
  const requests = (await (
    await request.get(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.requests}`)
  ).json()) as FakeChatRequest[];
  const context = requests.at(-1)?.body.messages ?? [];
  expect(context).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ role: 'assistant', content: 'Hi, I am checking order 42 for you.' }),
      expect.objectContaining({ role: 'user', content: 'Thank you!' }),
    ]),
  );
  await visitorContext.close();
});

/**
 * Chat take-over (issue 23): an operator takes a visitor's conversation over, the bot stays
 * silent (the model is not asked; the visitor's message is kept and shown to the operator live),
 * the visitor's events stream carries the join line, the operator's messages and the leave line,
 * and after Hand back the bot answers with what was said meanwhile in its context. Another owner
 * can neither take over nor write; bad input names its field; "Talk to a person" reaches the
 * owner's console; events streams are bounded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import type { ChatHandoffEvent, ChatMessageEvent } from '../../shared/protocol.js';
import type { ChatConversationResponse, ConversationHandoff } from '../../shared/types/chat.js';
import type { ConversationDetail } from '../../shared/types/history.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { type ChatBed, eventData, sentMessages, startChatBed, typesOf } from '../helpers/chatServer.js';
import { type EventsListener, listenToConversation } from '../helpers/conversationEvents.js';
import { consoleSocket, type TestConsole } from '../helpers/serverSocket.js';
import { waitUntil } from '../helpers/waitUntil.js';
import type { WebchatCaller } from '../helpers/webchatServer.js';

let bed: ChatBed;
let owner: WebchatCaller;
let bot: Webchat;
let ownerConsole: TestConsole;
const listeners: EventsListener[] = [];

beforeAll(async () => {
  bed = await startChatBed({ chat: { ...CHAT_DEFAULTS, eventStreamsPerConversation: 2 } });
});
afterAll(() => bed.close());
beforeEach(async () => {
  for (const l of listeners.splice(0)) l.close();
  ownerConsole?.close();
  owner = await bed.newOwner();
  bot = await owner.createBot({ name: 'Shop helper', talk_to_person: true });
  ownerConsole = await consoleSocket(bed.baseUrl.replace(/^http/, 'ws'), owner.accessToken);
});

const base = (conversationId: string) => `/api/webchats/${bot.id}/conversations/${conversationId}`;

async function startConversation(): Promise<string> {
  bed.fake.enqueue({ text: 'Hello! How can I help?' });
  const answer = await bed.send(bot.id, { text: 'Hi, I need help with my order' });
  return eventData<{ conversationId: string }>(answer, 'start').conversationId;
}

async function listen(conversationId: string): Promise<EventsListener> {
  const listener = await listenToConversation(bed.baseUrl, bot.id, conversationId);
  listeners.push(listener);
  return listener;
}

describe('take over a chat', () => {
  it('silences the bot, shows the operator to the visitor, and the bot answers again with the meanwhile in context', async () => {
    const conversationId = await startConversation();
    const visitor = await listen(conversationId);
    expect(visitor.status).toBe(200);

    const taken = await owner.call('POST', `${base(conversationId)}/take-over`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<ConversationHandoff>()).toEqual({
      conversationId,
      operatorId: owner.user.id,
      operatorName: owner.user.username,
      waitingSince: null,
    });
    await waitUntil(() => visitor.events.length >= 1);
    expect(visitor.events[0]).toEqual({ event: 'operator', data: { name: owner.user.username, joined: true } });

    const posted = await owner.call('POST', `${base(conversationId)}/operator-messages`, {
      text: '  Order 42 ships today.  ',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await waitUntil(() => visitor.events.length >= 2);
    expect(visitor.events[1]).toEqual({
      event: 'message',
      data: {
        id: expect.any(String),
        name: owner.user.username,
        text: 'Order 42 ships today.',
        createdAt: expect.any(Number),
      },
    });

    // The visitor replies: kept, shown to the operator live, and no model request, no answer.
    const requestsBefore = bed.fake.requests.length;
    const reply = await bed.send(bot.id, { conversationId, text: 'Thanks, which carrier?' });
    expect(typesOf(reply)).toEqual(['start', 'done']);
    expect(eventData<{ assistantMessageId: string }>(reply, 'done').assistantMessageId).toBe('');
    expect(bed.fake.requests.length).toBe(requestsBefore);
    await waitUntil(() =>
      ownerConsole.messages.some(
        (m) => m.type === 'chat.message' && (m as ChatMessageEvent).conversationId === conversationId,
      ),
    );

    const reload = (await bed.conversation(bot.id, conversationId)).json as ChatConversationResponse;
    expect(reload.operatorName).toBe(owner.user.username);
    expect(reload.messages.map((m) => [m.role, m.text, m.operatorName])).toEqual([
      ['user', 'Hi, I need help with my order', undefined],
      ['assistant', 'Hello! How can I help?', undefined],
      ['assistant', 'Order 42 ships today.', owner.user.username],
      ['user', 'Thanks, which carrier?', undefined],
    ]);
    const detail = (
      await owner.call('GET', `/api/history/webchats/${bot.id}/conversations/${conversationId}`)
    ).json<ConversationDetail>();
    expect(detail.conversation.operatorName).toBe(owner.user.username);
    expect(detail.messages.find((m) => m.text === 'Order 42 ships today.')?.operatorName).toBe(owner.user.username);

    const back = await owner.call('POST', `${base(conversationId)}/hand-back`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<ConversationHandoff>().operatorId).toBeNull();
    await waitUntil(() => visitor.events.length >= 3);
    expect(visitor.events[2]).toEqual({ event: 'operator', data: { name: owner.user.username, joined: false } });

    bed.fake.enqueue({ text: 'It goes with the usual carrier.' });
    const again = await bed.send(bot.id, { conversationId, text: 'And when does it arrive?' });
    expect(typesOf(again)).toContain('delta');
    const context = sentMessages(bed.fake).map((m) => [m.role, m.content]);
    expect(context).toEqual(
      expect.arrayContaining([
        ['assistant', 'Order 42 ships today.'],
        ['user', 'Thanks, which carrier?'],
        ['user', 'And when does it arrive?'],
      ]),
    );
  });

  it('lets one operator hold a conversation at a time and tells the others who', async () => {
    const conversationId = await startConversation();
    expect((await owner.call('POST', `${base(conversationId)}/take-over`)).statusCode).toBe(200);
    // The same owner signed in elsewhere as an admin acting for them is another person.
    const admin = await bed.t.createUser({ role: 'admin' });
    const { accessToken } = await bed.t.login(admin.username, admin.password);
    const asOwner = (url: string, payload?: unknown) =>
      bed.t.app.inject({
        method: 'POST',
        url,
        headers: bed.t.auth(accessToken, owner.user.id),
        ...(payload ? { payload: payload as object } : {}),
      });
    const refused = await asOwner(`${base(conversationId)}/take-over`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: `${owner.user.username} is already chatting in this conversation` });
    expect((await asOwner(`${base(conversationId)}/operator-messages`, { text: 'Hi' })).statusCode).toBe(409);
    expect((await asOwner(`${base(conversationId)}/hand-back`)).statusCode).toBe(409);
  });

  it("refuses another owner's take-over and messages as if the conversation did not exist", async () => {
    const conversationId = await startConversation();
    const stranger = await bed.newOwner();
    expect((await stranger.call('POST', `${base(conversationId)}/take-over`)).statusCode).toBe(404);
    expect((await stranger.call('POST', `${base(conversationId)}/operator-messages`, { text: 'Hi' })).statusCode).toBe(
      404,
    );
    expect((await stranger.call('POST', `${base(conversationId)}/hand-back`)).statusCode).toBe(404);
    // And the bot still answers: nothing was taken over.
    bed.fake.enqueue({ text: 'Still me.' });
    expect(typesOf(await bed.send(bot.id, { conversationId, text: 'Hello?' }))).toContain('delta');
  });

  it('names the field of a bad operator message', async () => {
    const conversationId = await startConversation();
    await owner.call('POST', `${base(conversationId)}/take-over`);
    const cases: Array<[unknown, string]> = [
      [{}, 'text: is required'],
      [{ text: 7 }, 'text: must be a string'],
      [{ text: '   ' }, 'text: must not be blank'],
      [{ text: 'x'.repeat(4_001) }, 'text: must be at most 4000 characters long'],
    ];
    for (const [payload, error] of cases) {
      const answer = await owner.call('POST', `${base(conversationId)}/operator-messages`, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error });
    }
  });

  it('writes only while holding the conversation', async () => {
    const conversationId = await startConversation();
    const answer = await owner.call('POST', `${base(conversationId)}/operator-messages`, { text: 'Hi' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ error: 'Take over the conversation before writing in it' });
  });
});

describe('talk to a person', () => {
  it("marks the conversation waiting and tells the owner's consoles; taking over ends the wait", async () => {
    const conversationId = await startConversation();
    const visitor = await listen(conversationId);
    const asked = await bed.t.app.inject({
      method: 'POST',
      url: `/api/widget/webchats/${bot.id}/conversations/${conversationId}/person`,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<ConversationHandoff>().waitingSince).toEqual(expect.any(Number));
    await waitUntil(() =>
      ownerConsole.messages.some((m) => m.type === 'chat.handoff' && (m as ChatHandoffEvent).waitingSince !== null),
    );
    const event = ownerConsole.messages.find((m) => m.type === 'chat.handoff') as ChatHandoffEvent;
    expect(event).toMatchObject({ webchatId: bot.id, conversationId, operatorId: null });
    await waitUntil(() => visitor.events.some((e) => e.event === 'waiting'));
    const list = (await owner.call('GET', `/api/history/webchats/${bot.id}/conversations`)).json<{
      conversations: Array<{ id: string; waitingSince: number | null }>;
    }>();
    expect(list.conversations.find((c) => c.id === conversationId)?.waitingSince).toEqual(expect.any(Number));

    // The bot keeps answering while the visitor waits.
    bed.fake.enqueue({ text: 'Someone will be with you shortly.' });
    expect(typesOf(await bed.send(bot.id, { conversationId, text: 'Hello?' }))).toContain('delta');

    const taken = await owner.call('POST', `${base(conversationId)}/take-over`);
    expect(taken.json<ConversationHandoff>().waitingSince).toBeNull();
  });

  it('is refused where the bot does not offer it', async () => {
    await owner.call('PUT', `/api/webchats/${bot.id}`, { talk_to_person: false });
    const conversationId = await startConversation();
    const asked = await bed.t.app.inject({
      method: 'POST',
      url: `/api/widget/webchats/${bot.id}/conversations/${conversationId}/person`,
    });
    expect(asked.statusCode).toBe(404);
  });

  it("names the setting in the bot's answers and takes only a yes or no", async () => {
    expect(bot.talk_to_person).toBe(true);
    const bad = await owner.call('PUT', `/api/webchats/${bot.id}`, { talk_to_person: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/^talk_to_person: /);
    const publicConfig = await bed.t.app.inject({ method: 'GET', url: `/api/widget/webchats/${bot.id}` });
    expect(publicConfig.json()).toMatchObject({ talkToPerson: true });
  });
});

describe('events streams', () => {
  it('are bounded per conversation and free their place when the visitor goes away', async () => {
    const conversationId = await startConversation();
    const first = await listen(conversationId);
    await listen(conversationId);
    const third = await listenToConversation(bed.baseUrl, bot.id, conversationId);
    expect(third.status).toBe(429);
    first.close();
    await waitUntil(() => bed.t.app.chat.events.count(conversationId) === 1);
    expect((await listen(conversationId)).status).toBe(200);
  });

  it('are refused for a conversation that is not there', async () => {
    const listener = await listenToConversation(bed.baseUrl, bot.id, 'A'.repeat(32));
    expect(listener.status).toBe(404);
  });
});

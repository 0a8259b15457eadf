/**
 * Chat take-over across instances (issue 23): two apps on one throwaway PostgreSQL. The visitor
 * chats with instance A and listens there; the operator takes over, writes and hands back on
 * instance B. A's engine keeps the bot silent (the state is on the conversation), and B's events
 * reach the visitor's stream on A over the bus. Skipped only without the PostgreSQL server binaries.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConversationHandoff } from '../../shared/types/chat.js';
import { type ChatBed, eventData, sentMessages, startChatBed, typesOf } from '../helpers/chatServer.js';
import { listenToConversation } from '../helpers/conversationEvents.js';
import { describeOnPostgres } from '../helpers/describeOnPostgres.js';
import { createTestApp } from '../helpers/serverApp.js';
import { createThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwawayPostgres.js';
import { waitUntil } from '../helpers/waitUntil.js';

let pg: ThrowawayPostgres;
let a: ChatBed;
let b: ChatBed;

describeOnPostgres('chat take-over across instances', () => {
  beforeAll(async () => {
    pg = await createThrowawayPostgres();
    const shared = { databaseUrl: pg.url, encryptionKey: randomBytes(32) };
    const createApp = (options: Parameters<typeof createTestApp>[0] = {}) =>
      createTestApp({ ...options, config: { ...options.config, ...shared } });
    a = await startChatBed({ createApp });
    b = await startChatBed({ createApp });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pg?.destroy();
  });

  it('takes over on B a conversation whose visitor chats and listens on A, and hands it back', async () => {
    const owner = a.owner;
    const bot = await owner.createBot({ name: 'Cluster desk' });
    a.fake.enqueue({ text: 'Hello from the bot.' });
    const first = await a.send(bot.id, { text: 'Hi there' });
    const conversationId = eventData<{ conversationId: string }>(first, 'start').conversationId;
    const visitor = await listenToConversation(a.baseUrl, bot.id, conversationId);
    expect(visitor.status).toBe(200);

    const { accessToken } = await b.t.login(owner.user.username, owner.user.password);
    const onB = (path: string, payload?: unknown) =>
      b.t.app.inject({
        method: 'POST',
        url: `/api/webchats/${bot.id}/conversations/${conversationId}/${path}`,
        headers: b.t.auth(accessToken),
        ...(payload ? { payload: payload as object } : {}),
      });
    const taken = await onB('take-over');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<ConversationHandoff>().operatorName).toBe(owner.user.username);
    expect((await onB('operator-messages', { text: 'A person here.' })).statusCode).toBe(201);
    await waitUntil(() => visitor.events.length >= 2);
    expect(visitor.events.map((e) => e.event)).toEqual(['operator', 'message']);
    expect(visitor.events[1]!.data).toMatchObject({ text: 'A person here.', name: owner.user.username });

    const requests = a.fake.requests.length;
    const held = await a.send(bot.id, { conversationId, text: 'Great, thanks' });
    expect(typesOf(held)).toEqual(['start', 'done']);
    expect(a.fake.requests.length).toBe(requests);

    expect((await onB('hand-back')).statusCode).toBe(200);
    await waitUntil(() => visitor.events.length >= 3);
    expect(visitor.events[2]).toEqual({ event: 'operator', data: { name: owner.user.username, joined: false } });
    a.fake.enqueue({ text: 'Back to me.' });
    const again = await a.send(bot.id, { conversationId, text: 'One more question' });
    expect(typesOf(again)).toContain('delta');
    expect(sentMessages(a.fake).map((m) => m.content)).toEqual(
      expect.arrayContaining(['A person here.', 'Great, thanks', 'One more question']),
    );
    visitor.close();
  });
});

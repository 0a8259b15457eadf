/**
 * A bot's Conversations tab on the server: its conversations newest first with counts, times and
 * the first question (none whose first turn failed), paged; one conversation with its tool calls;
 * the bot's retention beside them; another user's bot or conversation is 404, an impersonating
 * admin reads them as their owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConversation, newConversationId } from '../../server/db/chatConversations.js';
import type { ConversationDetail, ConversationsPage } from '../../shared/types/history.js';
import { seedBot, seedChat } from '../helpers/seedHistory.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

const T0 = Date.UTC(2026, 2, 1, 9);
let t: TestApp;
let alice: WebchatCaller;
let bob: WebchatCaller;
let botId: string;
const chats: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t);
  bob = await signedIn(t);
  botId = await seedBot(t.db, alice.user.id, 'Acme help', 7_200);
  for (let i = 0; i < 12; i++) {
    chats.push(
      await seedChat(t.db, {
        userId: alice.user.id,
        webchatId: botId,
        start: T0 + i * 3_600_000,
        turns: [{ question: `Question ${i}`, answer: `Answer ${i}` }],
      }),
    );
  }
  chats.push(
    await seedChat(t.db, {
      userId: alice.user.id,
      webchatId: botId,
      start: T0 + 100 * 3_600_000,
      turns: [
        {
          question: 'Where is order 7?',
          answer: 'It ships today.',
          tools: [{ name: 'lookup_order', args: '{"id":7}', output: '{"status":"packed"}', isError: false }],
        },
        {
          question: 'Thanks',
          answer: 'You are welcome.',
          tools: [{ name: 'broken_tool', args: '{', output: '{"error":"Invalid arguments"}', isError: true }],
        },
      ],
    }),
  );
  // A first turn that failed: the conversation row exists, nothing was ever exchanged.
  await insertConversation(t.db, {
    id: newConversationId(),
    user_id: alice.user.id,
    webchat_id: botId,
    at: T0 + 200 * 3_600_000,
    expires_at: T0 + 300 * 3_600_000,
  });
});
afterAll(() => t.close());

const list = async (caller: WebchatCaller, query = '', impersonate?: string) => {
  const response = await caller.call(
    'GET',
    `/api/history/webchats/${botId}/conversations${query}`,
    undefined,
    impersonate,
  );
  return { status: response.statusCode, page: response.json<ConversationsPage>() };
};

describe('a bot’s conversations', () => {
  it('lists them newest first with counts, times, the first question and the retention; none that never exchanged a message', async () => {
    const { status, page } = await list(alice);
    expect(status).toBe(200);
    expect(page).toMatchObject({ success: true, total: 13, limit: 10, offset: 0, retentionSeconds: 7_200 });
    expect(page.conversations).toHaveLength(10);
    expect(page.conversations[0]).toMatchObject({
      id: chats[12],
      webchatId: botId,
      messageCount: 4,
      firstQuestion: 'Where is order 7?',
      startedAt: T0 + 100 * 3_600_000,
    });
    expect(page.conversations[0]!.lastMessageAt).toBeGreaterThan(page.conversations[0]!.startedAt);
    expect(page.conversations[1]).toMatchObject({ id: chats[11], messageCount: 2, firstQuestion: 'Question 11' });
  });

  it('pages them like the ended sessions, either way round', async () => {
    const { page } = await list(alice, '?limit=5&offset=10');
    expect(page.conversations.map((c) => c.firstQuestion)).toEqual(['Question 2', 'Question 1', 'Question 0']);
    const { page: oldest } = await list(alice, '?limit=2&order=asc');
    expect(oldest.conversations.map((c) => c.firstQuestion)).toEqual(['Question 0', 'Question 1']);
    expect((await list(alice, '?limit=51')).status).toBe(400);
    expect((await list(alice, '?order=sideways')).page).toMatchObject({ error: expect.stringMatching(/^order: /) });
  });

  it('shows one conversation with its tool calls: name, arguments, output, failure', async () => {
    const response = await alice.call('GET', `/api/history/webchats/${botId}/conversations/${chats[12]}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<ConversationDetail>();
    expect(detail.retentionSeconds).toBe(7_200);
    expect(detail.messages.map((m) => [m.role, m.text || m.tool?.name])).toEqual([
      ['user', 'Where is order 7?'],
      ['tool', 'lookup_order'],
      ['assistant', 'It ships today.'],
      ['user', 'Thanks'],
      ['tool', 'broken_tool'],
      ['assistant', 'You are welcome.'],
    ]);
    expect(detail.messages[1]!.tool).toEqual({
      name: 'lookup_order',
      arguments: '{"id":7}',
      output: '{"status":"packed"}',
      isError: false,
    });
    expect(detail.messages[4]!.tool).toMatchObject({ isError: true });
    expect(detail.messages[0]!.tool).toBeNull();
  });

  it('answers 404 for another user’s bot or conversation, and for a conversation of another bot', async () => {
    expect((await list(bob)).status).toBe(404);
    expect((await bob.call('GET', `/api/history/webchats/${botId}/conversations/${chats[0]}`)).statusCode).toBe(404);
    expect((await bob.call('GET', `/api/history/webchats/${botId}/export`)).statusCode).toBe(404);
    const otherBot = await seedBot(t.db, alice.user.id, 'Other bot');
    const response = await alice.call('GET', `/api/history/webchats/${otherBot}/conversations/${chats[0]}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Conversation not found' });
  });

  it('is read by an admin impersonating the owner', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    expect((await list(admin)).status).toBe(404);
    const { status, page } = await list(admin, '', alice.user.id);
    expect(status).toBe(200);
    expect(page.total).toBe(13);
  });
});

describe('conversation ids', () => {
  it('never start with "-", so the history export writes them as they are', () => {
    // 1 id in 64 would start with '-' if nothing prevented it: 2,000 make one all but certain.
    const ids = Array.from({ length: 2000 }, newConversationId);
    expect(ids.filter((id) => id.startsWith('-'))).toEqual([]);
    expect(new Set(ids.map((id) => id[0])).size).toBeGreaterThan(40);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{31}$/);
  });
});

/**
 * The live chat on PostgreSQL: turns written with their seq numbers (concurrent turns of one
 * conversation included), read back as numbers, knowledge passages found by tsvector search,
 * active counts, and the sweep's deletes and re-expiry. Runs when SWITCHBOARD_TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import type { ChatConversationResponse } from '../../shared/types/chat.js';
import { CHAT_LIMITS } from '../../shared/types/chat.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { type ChatBed, eventData, sentMessages, startChatBed } from '../helpers/chatServer.js';
import { SHOP_KNOWLEDGE } from '../helpers/knowledgeSamples.js';
import { createPostgresTestApp, POSTGRES_TEST_URL } from '../helpers/postgresApp.js';

describe.skipIf(!POSTGRES_TEST_URL)('the live chat on PostgreSQL', () => {
  let bed: ChatBed;
  beforeAll(async () => {
    // Every visitor here is 127.0.0.1, and one test sends four turns at once.
    bed = await startChatBed({
      createApp: (options) => createPostgresTestApp('sb_chat', options),
      config: { chat: { ...CHAT_DEFAULTS, streamsPerVisitor: 4 } },
    });
  });
  afterAll(() => bed?.close());
  beforeEach(() => bed.fake.reset());

  const start = async (botId: string, text: string, conversationId?: string) =>
    eventData<{ conversationId: string }>(
      await bed.send(botId, { text, ...(conversationId ? { conversationId } : {}) }),
      'start',
    ).conversationId;

  it('keeps turns in order, reads them back and sends them with matching knowledge on the next turn', async () => {
    const knowledge = {
      site_url: SHOP_KNOWLEDGE.siteUrl,
      summary: SHOP_KNOWLEDGE.summary,
      pages: SHOP_KNOWLEDGE.pages,
    };
    const bot = await bed.owner.createBot({ system_prompt: 'Be brief.', knowledge });
    const id = await start(bot.id, 'When are you open?');
    await start(bot.id, 'And the refund policy?', id);
    expect(String(sentMessages(bed.fake)[0]!.content)).toContain('Source: https://shop.example/refunds');
    expect(
      sentMessages(bed.fake)
        .slice(1)
        .map((m) => m.content),
    ).toEqual(['When are you open?', 'Fake answer about: When are you open?', 'And the refund policy?']);
    const kept = (await bed.conversation(bot.id, id)).json as ChatConversationResponse;
    expect(kept.messages.map((m) => m.text)).toHaveLength(4);
    expect(typeof kept.messages[0]!.createdAt).toBe('number');
    const row = await bed.t.db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      message_count: 4,
      last_seq: 4,
      first_question: 'When are you open?',
      started_at: expect.any(Number),
      expires_at: expect.any(Number),
    });
  });

  it('gives concurrent turns of one conversation distinct seq numbers', async () => {
    const bot = await bed.owner.createBot();
    const id = await start(bot.id, 'First');
    await Promise.all(
      Array.from({ length: 4 }, (_, i) => bed.send(bot.id, { conversationId: id, text: `Parallel ${i}` })),
    );
    const seqs = (
      await bed.t.db
        .selectFrom('chat_messages')
        .select('seq')
        .where('conversation_id', '=', id)
        .orderBy('seq')
        .execute()
    ).map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it('counts active conversations and sweeps what a bot that keeps no history no longer needs', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ keep_history_days: 0, short_term_messages_retention_period: 60 });
    const id = await start(bot.id, 'Short-lived');
    expect((await owner.call('GET', '/api/webchats')).json<Webchat[]>().map((b) => b.active_conversations)).toEqual([
      1,
    ]);
    bed.t.clock.advance(61_000);
    await bed.t.app.chat.sweep();
    expect(await bed.t.db.selectFrom('chat_messages').select('id').where('conversation_id', '=', id).execute()).toEqual(
      [],
    );
    expect(
      (await owner.call('PUT', `/api/webchats/${bot.id}`, { short_term_messages_retention_period: 7200 })).statusCode,
    ).toBe(200);
    bed.t.clock.advance(CHAT_LIMITS.activeWindowMs);
    await bed.t.app.chat.sweep();
    expect(await bed.t.db.selectFrom('chat_conversations').select('id').where('id', '=', id).execute()).toHaveLength(1);
  });
});

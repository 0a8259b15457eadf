/**
 * Short-term retention (the bot's memory): a reload shows only what the memory still holds. With
 * Keep history "Don't keep" (keep_history_days 0) nothing is kept past what the memory needs: the
 * sweep deletes messages past it (the first question with its message) and conversations idle
 * past both it and the active window; retention 0 keeps counts and times but no text; a changed
 * retention applies to what is already kept. (history-keep.test.ts: the other Keep history settings.)
 */
import { describe, expect, it } from 'vitest';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import { CHAT_LIMITS, type ChatConversationResponse } from '../../shared/types/chat.js';
import { eventData } from '../helpers/chatServer.js';
import { useChatBed } from '../helpers/useChatBed.js';

const bed = useChatBed();
// The tests move the clock by hours: each signs in afresh (bed.newOwner) so its access token is valid.

const MINUTE = 60_000;
/** Past which a sweep certainly deletes an idle conversation: the active window plus two sweeps. */
const IDLE_GONE = CHAT_LIMITS.activeWindowMs + 2 * CHAT_DEFAULTS.sweepIntervalMs + 1;

async function chat(botId: string, text: string, conversationId?: string): Promise<string> {
  const answer = await bed.send(botId, { text, ...(conversationId ? { conversationId } : {}) });
  return eventData<{ conversationId: string }>(answer, 'start').conversationId;
}

const texts = async (botId: string, conversationId: string) => {
  const read = await bed.conversation(botId, conversationId);
  return read.status === 200 ? (read.json as ChatConversationResponse).messages.map((m) => m.text) : read.status;
};

/** A new owner's bot with Keep history "Don't keep" and a memory of `retention` seconds. */
const forgetfulBot = async (retention: number) =>
  (await bed.newOwner()).createBot({ keep_history_days: 0, short_term_messages_retention_period: retention });

const row = (id: string) =>
  bed.t.db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
const messageRows = async (id: string) =>
  (await bed.t.db.selectFrom('chat_messages').select('text').where('conversation_id', '=', id).execute()).length;

describe('short-term retention (memory)', () => {
  it('shows a reload only the messages within the retention period', async () => {
    const bot = await (await bed.newOwner()).createBot({ short_term_messages_retention_period: 120 });
    const id = await chat(bot.id, 'Early question');
    bed.t.clock.advance(90_000);
    await chat(bot.id, 'Later question', id);
    bed.t.clock.advance(40_000);
    expect(await texts(bot.id, id)).toEqual(['Later question', 'Fake answer about: Later question']);
  });

  it('deletes messages past the retention in the sweep, and the first question with its message', async () => {
    const bot = await forgetfulBot(120);
    const id = await chat(bot.id, 'What is your address?');
    expect(await row(id)).toMatchObject({ first_question: 'What is your address?', message_count: 2 });
    bed.t.clock.advance(90_000);
    await chat(bot.id, 'And the phone number?', id);
    bed.t.clock.advance(31_000);
    await bed.t.app.chat.sweep();
    expect(await messageRows(id)).toBe(2);
    expect(await row(id)).toMatchObject({ first_question: '', message_count: 4 });
  });

  it('deletes conversations idle past both the retention and the active window, messages and all', async () => {
    const shortBot = await forgetfulBot(60);
    const longBot = await forgetfulBot(3600);
    const short = await chat(shortBot.id, 'Quick one');
    const long = await chat(longBot.id, 'Slow one');
    bed.t.clock.advance(IDLE_GONE);
    await bed.t.app.chat.sweep();
    expect(await row(short)).toBeUndefined();
    expect(await texts(shortBot.id, short)).toBe(404);
    expect(await row(long)).toMatchObject({ message_count: 2 });
    expect(await texts(longBot.id, long)).toEqual(['Slow one', 'Fake answer about: Slow one']);
    bed.t.clock.advance(3600_000);
    await bed.t.app.chat.sweep();
    expect(await row(long)).toBeUndefined();
    expect(await messageRows(long)).toBe(0);
  });

  it('keeps no text with retention 0: the conversation has counts and times, a reload shows nothing', async () => {
    const bot = await forgetfulBot(0);
    const id = await chat(bot.id, 'Private question');
    await chat(bot.id, 'Another', id);
    expect(await messageRows(id)).toBe(0);
    expect(await row(id)).toMatchObject({
      message_count: 4,
      first_question: '',
      started_at: expect.any(Number),
      last_message_at: expect.any(Number),
    });
    expect(await bed.conversation(bot.id, id)).toEqual({
      status: 200,
      json: { conversationId: id, messages: [], leadSent: false },
    });
  });

  it('applies a shorter retention to messages already kept', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ keep_history_days: 0, short_term_messages_retention_period: 7200 });
    const id = await chat(bot.id, 'Kept for two hours?');
    bed.t.clock.advance(10 * MINUTE);
    expect(
      (await owner.call('PUT', `/api/webchats/${bot.id}`, { short_term_messages_retention_period: 300 })).statusCode,
    ).toBe(200);
    expect(await texts(bot.id, id)).toEqual([]);
    await bed.t.app.chat.sweep();
    expect(await messageRows(id)).toBe(0);
  });

  it('starts a new conversation when the old one was swept', async () => {
    const bot = await forgetfulBot(60);
    const id = await chat(bot.id, 'Hello');
    bed.t.clock.advance(IDLE_GONE);
    await bed.t.app.chat.sweep();
    const next = await chat(bot.id, 'Hello again', id);
    expect(next).not.toBe(id);
    expect(await texts(bot.id, next)).toEqual(['Hello again', 'Fake answer about: Hello again']);
  });

  it('deletes a backlog larger than one batch in one sweep', async () => {
    const bot = await forgetfulBot(60);
    const id = await chat(bot.id, 'Start');
    const at = bed.t.clock.now();
    const rows = Array.from({ length: 1_200 }, (_, i) => ({
      id: `backlog-${id}-${i}`,
      conversation_id: id,
      seq: 100 + i,
      role: 'user' as const,
      text: `Old message ${i}`,
      created_at: at,
      expires_at: at + 60_000,
      tool_name: null,
      tool_args: null,
      tool_output: null,
      is_error: 0,
    }));
    for (let i = 0; i < rows.length; i += 400)
      await bed.t.db
        .insertInto('chat_messages')
        .values(rows.slice(i, i + 400))
        .execute();
    bed.t.clock.advance(61_000);
    expect((await bed.t.app.chat.sweep()).messages).toBeGreaterThanOrEqual(1_202);
    expect(await messageRows(id)).toBe(0);
  });
});

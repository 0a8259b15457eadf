/**
 * Keep history apart from a bot's memory (issue 18), through the real chat engine and its sweep:
 * the short-term retention only decides what the model (and a reloading visitor) sees; the
 * conversation stays in Conversations, search and exports for the bot's Keep history (forever by
 * default, N days, or Don't keep), and the sweep then deletes it with its messages and search
 * entries. A changed setting applies to what is already kept.
 */
import { describe, expect, it } from 'vitest';
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import { CHAT_LIMITS } from '../../shared/types/chat.js';
import type { ConversationDetail, ConversationsPage, HistorySearchPage } from '../../shared/types/history.js';
import { eventData } from '../helpers/chatServer.js';
import { signInAgain } from '../helpers/signedInCaller.js';
import { useChatBed } from '../helpers/useChatBed.js';
import type { WebchatCaller } from '../helpers/webchatServer.js';

const bed = useChatBed();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Past which an idle conversation is no longer open and, with Don't keep, certainly swept. */
const IDLE_GONE = CHAT_LIMITS.activeWindowMs + 2 * CHAT_DEFAULTS.sweepIntervalMs + 1;

async function chat(botId: string, text: string, conversationId?: string): Promise<string> {
  const answer = await bed.send(botId, { text, ...(conversationId ? { conversationId } : {}) });
  return eventData<{ conversationId: string }>(answer, 'start').conversationId;
}

const fresh = (owner: WebchatCaller) => signInAgain(bed.t, owner);

/** What the owner's history holds of the bot's conversation `id`: the tab's list, the detail, search, export and the search index. */
async function history(owner: WebchatCaller, botId: string, id: string, word: string) {
  const me = await fresh(owner);
  const page = (await me.call('GET', `/api/history/webchats/${botId}/conversations`)).json<ConversationsPage>();
  const detail = await me.call('GET', `/api/history/webchats/${botId}/conversations/${id}`);
  const search = (await me.call('GET', `/api/history/search?q=${encodeURIComponent(word)}`)).json<HistorySearchPage>();
  const exported = (await me.call('GET', `/api/history/webchats/${botId}/export?format=jsonl`)).body;
  const entries = await bed.t.db.selectFrom('history_entries').select('body').where('parent_id', '=', id).execute();
  const messages = await bed.t.db.selectFrom('chat_messages').select('id').where('conversation_id', '=', id).execute();
  return {
    listed: page.conversations.map((c) => c.id),
    keepHistoryDays: page.keepHistoryDays,
    texts:
      detail.statusCode === 200 ? detail.json<ConversationDetail>().messages.map((m) => m.text) : detail.statusCode,
    found: [...new Set(search.results.map((r) => r.id))],
    exported: exported.includes(word),
    entries: entries.length,
    messages: messages.length,
  };
}

const sweep = () => bed.t.app.chat.sweep();

describe('a bot that keeps history forever (the default)', () => {
  it.each([0, 7_200])(
    'keeps the conversation of a bot with retention %i in Conversations, search and export after the retention',
    async (retention) => {
      const owner = await bed.newOwner();
      const bot = await owner.createBot({ short_term_messages_retention_period: retention });
      expect(bot.keep_history_days).toBeNull();
      const id = await chat(bot.id, 'My voucher code is PLUM42');
      bed.t.clock.advance(retention * 1000 + 30 * DAY);
      await sweep();
      expect(await history(owner, bot.id, id, 'PLUM42')).toEqual({
        listed: [id],
        keepHistoryDays: null,
        texts: ['My voucher code is PLUM42', 'Fake answer about: My voucher code is PLUM42'],
        found: [id],
        exported: true,
        entries: 2,
        messages: 2,
      });
      // The visitor's widget forgets it: past the memory a reload finds nothing, and a new message starts afresh.
      expect((await bed.conversation(bot.id, id)).status).toBe(404);
      expect(await chat(bot.id, 'Hello again', id)).not.toBe(id);
    },
  );

  it('sends the model only the messages within the retention, while the history keeps them all', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ short_term_messages_retention_period: 120 });
    const id = await chat(bot.id, 'My name is Ada');
    bed.t.clock.advance(90_000);
    await chat(bot.id, 'I like green tea', id);
    bed.t.clock.advance(60_000);
    await chat(bot.id, 'What do you know about me?', id);
    const sent = JSON.stringify(bed.fake.requests.at(-1)!.body.messages);
    expect(sent).toContain('I like green tea');
    expect(sent).not.toContain('My name is Ada');
    expect((await bed.conversation(bot.id, id)).json).toMatchObject({
      messages: [{ text: 'I like green tea' }, {}, { text: 'What do you know about me?' }, {}],
    });
    expect((await history(owner, bot.id, id, 'Ada')).texts).toHaveLength(6);
  });

  it('with retention 0 has no memory between messages, and still keeps every message in the history', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ short_term_messages_retention_period: 0 });
    const id = await chat(bot.id, 'My name is Grace');
    await chat(bot.id, 'What is my name?', id);
    const sent = JSON.stringify(bed.fake.requests.at(-1)!.body.messages);
    expect(sent).not.toContain('Grace');
    expect((await bed.conversation(bot.id, id)).json).toEqual({ conversationId: id, messages: [], leadSent: false });
    expect(await history(owner, bot.id, id, 'Grace')).toMatchObject({
      listed: [id],
      found: [id],
      messages: 4,
      entries: 4,
      exported: true,
    });
  });
});

describe('Keep history for a number of days', () => {
  it('deletes the conversation, its messages and their search entries 7 days after its last message', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ keep_history_days: 7 });
    const id = await chat(bot.id, 'A parcel to Zanzibar');
    bed.t.clock.advance(6 * DAY);
    await sweep();
    expect(await history(owner, bot.id, id, 'Zanzibar')).toMatchObject({
      listed: [id],
      keepHistoryDays: 7,
      found: [id],
      messages: 2,
      entries: 2,
    });

    bed.t.clock.advance(DAY + IDLE_GONE);
    await sweep();
    expect(await history(owner, bot.id, id, 'Zanzibar')).toEqual({
      listed: [],
      keepHistoryDays: 7,
      texts: 404,
      found: [],
      exported: false,
      entries: 0,
      messages: 0,
    });
  });

  it('never keeps messages shorter than the memory needs them', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ keep_history_days: 7, short_term_messages_retention_period: 30 * 86_400 });
    const id = await chat(bot.id, 'Remember my order 4711');
    bed.t.clock.advance(8 * DAY);
    await sweep();
    expect((await bed.conversation(bot.id, id)).json).toMatchObject({
      messages: [{ text: 'Remember my order 4711' }, {}],
    });
  });
});

describe('Keep history “Don’t keep”', () => {
  it('lists a conversation while it is open, then deletes it with its messages and search entries', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ keep_history_days: 0, short_term_messages_retention_period: 60 });
    const id = await chat(bot.id, 'Please forget my quince order');
    expect(await history(owner, bot.id, id, 'quince')).toMatchObject({
      listed: [id],
      keepHistoryDays: 0,
      found: [id],
      messages: 2,
      entries: 2,
    });
    bed.t.clock.advance(IDLE_GONE);
    await sweep();
    expect(await history(owner, bot.id, id, 'quince')).toMatchObject({
      listed: [],
      texts: 404,
      found: [],
      exported: false,
      entries: 0,
      messages: 0,
    });
  });
});

describe('a changed Keep history', () => {
  it('applies a shorter one to conversations already kept', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({});
    const id = await chat(bot.id, 'An old question about kumquats');
    bed.t.clock.advance(8 * DAY);
    await sweep();
    expect((await history(owner, bot.id, id, 'kumquats')).listed).toEqual([id]);
    const me = await fresh(owner);
    expect((await me.call('PUT', `/api/webchats/${bot.id}`, { keep_history_days: 7 })).json()).toMatchObject({
      keep_history_days: 7,
    });
    await sweep();
    expect(await history(owner, bot.id, id, 'kumquats')).toMatchObject({
      listed: [],
      found: [],
      entries: 0,
      messages: 0,
    });
  });

  it('keeps everything still there when it becomes forever', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ keep_history_days: 7 });
    const id = await chat(bot.id, 'A question about loquats');
    bed.t.clock.advance(3 * DAY);
    expect(
      (await (await fresh(owner)).call('PUT', `/api/webchats/${bot.id}`, { keep_history_days: null })).statusCode,
    ).toBe(200);
    bed.t.clock.advance(30 * DAY);
    await sweep();
    expect(await history(owner, bot.id, id, 'loquats')).toMatchObject({
      listed: [id],
      keepHistoryDays: null,
      found: [id],
      entries: 2,
      messages: 2,
    });
  });

  it('leaves the history alone when a client leaves the field out', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ keep_history_days: 30 });
    const saved = await owner.call('PUT', `/api/webchats/${bot.id}`, {
      name: 'Renamed',
      short_term_messages_retention_period: 60,
    });
    expect(saved.json()).toMatchObject({ name: 'Renamed', keep_history_days: 30 });
  });
});

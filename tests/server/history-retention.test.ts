/**
 * History of a bot that keeps none (Keep history "Don't keep", issue 18) follows its memory
 * (issue 11), through the real chat engine and its sweep: a message past the bot's retention
 * leaves the conversation, the search and the exports; retention 0 lists the conversation's
 * counts and times with no text and finds nothing. (history-keep.test.ts: the other settings.)
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

const IDLE_GONE = CHAT_LIMITS.activeWindowMs + 2 * CHAT_DEFAULTS.sweepIntervalMs + 1;

async function chat(botId: string, text: string, conversationId?: string): Promise<string> {
  const answer = await bed.send(botId, { text, ...(conversationId ? { conversationId } : {}) });
  return eventData<{ conversationId: string }>(answer, 'start').conversationId;
}

/** The conversations a search finds (a question and its answer may both match). */
const found = async (owner: WebchatCaller, q: string) => [
  ...new Set(
    (await owner.call('GET', `/api/history/search?q=${encodeURIComponent(q)}`))
      .json<HistorySearchPage>()
      .results.map((r) => r.id),
  ),
];
const detail = async (owner: WebchatCaller, botId: string, id: string) => {
  const response = await owner.call('GET', `/api/history/webchats/${botId}/conversations/${id}`);
  return response.statusCode === 200
    ? response.json<ConversationDetail>().messages.map((m) => m.text)
    : response.statusCode;
};
const listed = async (owner: WebchatCaller, botId: string) =>
  (await owner.call('GET', `/api/history/webchats/${botId}/conversations`)).json<ConversationsPage>();
const jsonl = async (owner: WebchatCaller, botId: string) =>
  (await owner.call('GET', `/api/history/webchats/${botId}/export?format=jsonl`)).body;

describe('history of a bot that keeps none, within its retention', () => {
  it('finds a visitor’s words while they are kept, and not once the sweep removed them', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ keep_history_days: 0, short_term_messages_retention_period: 120 });
    const id = await chat(bot.id, 'My voucher code is PLUM42');
    bed.t.clock.advance(90_000);
    await chat(bot.id, 'And the banana offer?', id);
    expect(await found(owner, 'plum42')).toEqual([id]);
    expect(await detail(owner, bot.id, id)).toContain('My voucher code is PLUM42');

    bed.t.clock.advance(31_000);
    await bed.t.app.chat.sweep();
    expect(await found(owner, 'plum42')).toEqual([]);
    expect(await found(owner, 'banana')).toEqual([id]);
    expect(await detail(owner, bot.id, id)).toEqual([
      'And the banana offer?',
      'Fake answer about: And the banana offer?',
    ]);
    expect(await jsonl(owner, bot.id)).not.toContain('PLUM42');
    // The conversation itself stays listed, its counts whole, until it expires too.
    expect((await listed(owner, bot.id)).conversations[0]).toMatchObject({ id, messageCount: 4, firstQuestion: '' });

    bed.t.clock.advance(IDLE_GONE + 120_000);
    await bed.t.app.chat.sweep();
    const later = await signInAgain(bed.t, owner);
    expect(await found(later, 'banana')).toEqual([]);
    expect((await listed(later, bot.id)).total).toBe(0);
    expect(await detail(later, bot.id, id)).toBe(404);
  });

  it('keeps no text with retention 0: the tab lists counts and times, search and JSON Lines find nothing', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ keep_history_days: 0, short_term_messages_retention_period: 0 });
    const id = await chat(bot.id, 'My private pineapple question');
    const page = await listed(owner, bot.id);
    expect(page).toMatchObject({ retentionSeconds: 0, keepHistoryDays: 0, total: 1 });
    expect(page.conversations[0]).toMatchObject({ id, messageCount: 2, firstQuestion: '', active: true });
    expect(await detail(owner, bot.id, id)).toEqual([]);
    expect(await found(owner, 'pineapple')).toEqual([]);
    expect(await jsonl(owner, bot.id)).toBe('');
  });

  it('follows a shortened retention at once', async () => {
    const owner = await bed.newOwner();
    const bot = await owner.createBot({ keep_history_days: 0, short_term_messages_retention_period: 7_200 });
    const id = await chat(bot.id, 'Remember the raspberry');
    bed.t.clock.advance(600_000);
    expect(
      (await owner.call('PUT', `/api/webchats/${bot.id}`, { short_term_messages_retention_period: 300 })).statusCode,
    ).toBe(200);
    await bed.t.app.chat.sweep();
    expect(await found(owner, 'raspberry')).toEqual([]);
    expect(await detail(owner, bot.id, id)).toEqual([]);
  });
});

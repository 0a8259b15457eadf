/**
 * The history search's behaviour, run by history-search.test.ts on SQLite and again on PostgreSQL
 * (the PostgreSQL pass): a caller's word and a visitor's word are found, another user's never,
 * phrases and prefixes, filters, snippets as plain-text segments, and its pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistorySearchPage } from '../../shared/types/history.js';
import { seedBot, seedCall, seedChat } from '../helpers/seedHistory.js';
import { seedOtherOwner } from '../helpers/seedOtherOwner.js';
import type { TestApp, TestAppOptions } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

const DAY = 86_400_000;
/** Agent ids as the server makes them (crypto.randomUUID): the filter checks their shape. */
const ORDERS_AGENT = '0f8e4c2a-6b1d-4e3f-9a7c-5d2b8e1f4a60';
const OTHER_AGENT = '7c1d9e3b-2a4f-4b6e-8d0c-3f5a7b9e1c24';
const T0 = Date.UTC(2026, 2, 1, 9);

export interface SuiteOptions {
  /** SQLite's tokenizer folds accents (Reykjavík = Reykjavik); PostgreSQL's 'english' configuration does not. */
  foldsAccents: boolean;
}

export function historySearchSuite(
  name: string,
  createApp: (options?: TestAppOptions) => Promise<TestApp>,
  { foldsAccents }: SuiteOptions,
): void {
  describe(name, () => {
    let t: TestApp;
    let alice: WebchatCaller;
    let bob: WebchatCaller;
    let botId: string;
    let otherBotId: string;
    let orderCall: string;
    let shippingChat: string;

    beforeAll(async () => {
      t = await createApp();
      alice = await signedIn(t);
      bob = await signedIn(t);
      botId = await seedBot(t.db, alice.user.id, 'Acme help');
      otherBotId = await seedBot(t.db, alice.user.id, 'Returns bot');
      orderCall = await seedCall(t.db, {
        userId: alice.user.id,
        agentId: ORDERS_AGENT,
        agentName: 'Orders agent',
        from: '+14155550123',
        start: T0,
        messages: [
          { type: 'assistant', message: 'Hello, how can I help?' },
          { type: 'user', message: 'My order number is 88412 and the parcel never arrived' },
          {
            type: 'function',
            message: 'lookup_order',
            function_args: '{"order":"88412"}',
            function_output: '{"status":"lost"}',
          },
        ],
      });
      shippingChat = await seedChat(t.db, {
        userId: alice.user.id,
        webchatId: botId,
        start: T0 + DAY,
        turns: [
          { question: 'Do you ship to Reykjavík?', answer: 'Yes, we deliver to Iceland within five days.' },
          {
            question: 'What about <b>refunds</b> & returns?',
            answer: 'Refunds take a week.',
            tools: [{ name: 'refund_policy', args: '{}', output: '"7 days"', isError: false }],
          },
        ],
      });
      await seedChat(t.db, {
        userId: alice.user.id,
        webchatId: otherBotId,
        start: T0 + 2 * DAY,
        turns: [{ question: 'Where is the returns form?', answer: 'On the returns page.' }],
      });
      // Bob's words overlap Alice's: none of his may ever show up for her, nor hers for him.
      await seedOtherOwner(t.db, bob.user.id, T0, {
        question: 'Secret parcel of Bob, order 88412',
        answer: 'Noted.',
        call: 'Bob says Reykjavík refunds',
      });
    });
    afterAll(() => t?.close());

    const search = async (caller: WebchatCaller, query: Record<string, string | number>) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const response = await caller.call('GET', `/api/history/search?${qs}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<HistorySearchPage>();
    };
    const texts = (page: HistorySearchPage) =>
      page.results.map((r) => r.hit?.snippet.map((s) => s.text).join('') ?? r.id);

    it('finds a word the caller said, with the call it belongs to', async () => {
      const page = await search(alice, { q: 'parcel' });
      expect(page.results).toHaveLength(1);
      const [result] = page.results;
      expect(result).toMatchObject({
        kind: 'call',
        id: orderCall,
        sourceId: ORDERS_AGENT,
        sourceName: 'Orders agent',
        fromNumber: '+14155550123',
        messageCount: 3,
      });
      expect(result!.hit).toMatchObject({ speaker: 'caller' });
      expect(result!.hit!.snippet.filter((s) => s.match).map((s) => s.text)).toEqual(['parcel']);
      expect(page).toMatchObject({ total: 1, more: false });
    });

    it('finds a word a visitor typed, case (and on SQLite accents) folded, with the chat it belongs to', async () => {
      const page = await search(alice, { q: foldsAccents ? 'REYKJAVIK' : 'REYKJAVÍK' });
      expect(page.results).toHaveLength(1);
      expect(page.results[0]).toMatchObject({
        kind: 'chat',
        id: shippingChat,
        sourceId: botId,
        sourceName: 'Acme help',
        messageCount: 4,
        fromNumber: null,
      });
      expect(page.results[0]!.hit!.speaker).toBe('visitor');
    });

    it('never finds another user’s calls or chats', async () => {
      expect(texts(await search(alice, { q: 'Bob' }))).toEqual([]);
      expect(texts(await search(alice, { q: 'secret' }))).toEqual([]);
      const bobs = await search(bob, { q: 'Reykjavík' });
      expect(bobs.results.map((r) => r.kind)).toEqual(['call']);
      expect(texts(await search(bob, { q: 'Iceland' }))).toEqual([]);
      // Bob's own 88412 is found for him, Alice's is not.
      expect((await search(bob, { q: '88412' })).results.map((r) => r.kind)).toEqual(['chat']);
    });

    it('matches a quoted phrase only with its words together and in order', async () => {
      expect((await search(alice, { q: '"order number"' })).results.map((r) => r.id)).toEqual([orderCall]);
      expect((await search(alice, { q: '"number order"' })).results).toEqual([]);
      // Unquoted, both words anywhere in one message.
      expect((await search(alice, { q: 'number order' })).results.map((r) => r.id)).toEqual([orderCall]);
      const highlighted = (await search(alice, { q: '"order number"' })).results[0]!.hit!.snippet.filter(
        (s) => s.match,
      );
      expect(highlighted.map((s) => s.text).join(' ')).toMatch(/order.*number/);
    });

    it('matches a prefix', async () => {
      const page = await search(alice, { q: 'refun*' });
      expect(page.results.map((r) => r.hit!.speaker).sort()).toEqual(['bot', 'tool', 'visitor']);
      expect((await search(alice, { q: 'reykj*' })).results).toHaveLength(1);
      expect((await search(alice, { q: 'refun' })).results).toEqual([]);
    });

    it('finds tool calls by the tool’s name', async () => {
      expect((await search(alice, { q: 'lookup_order' })).results.map((r) => r.hit!.speaker)).toEqual(['function']);
      expect((await search(alice, { q: 'refund_policy' })).results.map((r) => r.hit!.speaker)).toEqual(['tool']);
    });

    it('gives snippets as plain-text segments: stored markup stays text', async () => {
      const [result] = (await search(alice, { q: 'returns', kind: 'chats', webchatId: botId })).results;
      const joined = result!.hit!.snippet.map((s) => s.text).join('');
      expect(joined).toContain('<b>refunds</b> & returns');
      expect(result!.hit!.snippet.find((s) => s.match)?.text).toBe('returns');
    });

    it('takes what is typed as words, never as query syntax', async () => {
      for (const q of [
        'NEAR(order number)',
        'scope:u',
        'body : parcel OR secret',
        '"unclosed order',
        'order -number',
        'parcel) OR (secret',
        "it's",
        'ab:* | b',
      ]) {
        const response = await alice.call('GET', `/api/history/search?q=${encodeURIComponent(q)}`);
        expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
        expect(JSON.stringify(response.json()), q).not.toContain('Secret');
      }
    });

    it('filters by kind, agent, bot, phone number and date range', async () => {
      const ids = async (query: Record<string, string | number>) =>
        (await search(alice, query)).results.map((r) => r.id).sort();
      expect(await ids({ q: 'refunds OR parcel' })).toEqual([]);
      expect(await ids({ kind: 'calls' })).toEqual([orderCall]);
      expect((await ids({ kind: 'chats' })).length).toBe(2);
      expect(await ids({ agentId: ORDERS_AGENT })).toEqual([orderCall]);
      expect(await ids({ agentId: OTHER_AGENT })).toEqual([]);
      expect(await ids({ webchatId: botId })).toEqual([shippingChat]);
      // One result per matching message: the question and the answer both say 'returns'.
      expect(new Set(await ids({ q: 'returns', webchatId: otherBotId })).size).toBe(1);
      expect(await ids({ phone: '(415) 555-0123' })).toEqual([orderCall]);
      expect(await ids({ phone: '555-0999' })).toEqual([]);
      expect(await ids({ q: 'parcel', phone: '0123' })).toEqual([orderCall]);
      expect(await ids({ from: T0 + DAY / 2 })).toHaveLength(2);
      expect(await ids({ to: T0 + DAY / 2 })).toEqual([orderCall]);
      expect(await ids({ q: 'refunds', from: T0, to: T0 + DAY / 2 })).toEqual([]);
      expect(await ids({ q: 'refunds', from: T0 + DAY, to: T0 + DAY + 3_600_000 })).toEqual([
        shippingChat,
        shippingChat,
        shippingChat,
      ]);
    });

    it('finds words in a date range whatever order the messages were written in', async () => {
      const carol = await signedIn(t);
      const bot = await seedBot(t.db, carol.user.id, 'Carol bot');
      const late = await seedChat(t.db, {
        userId: carol.user.id,
        webchatId: bot,
        start: T0 + 30 * DAY,
        turns: [{ question: 'Is the kettle in stock?', answer: 'The kettle is in stock.' }],
      });
      // Written after the chat above though said a month before it (a call stored late, a backfill).
      const early = await seedCall(t.db, {
        userId: carol.user.id,
        start: T0,
        messages: [{ type: 'user', message: 'My kettle leaks' }],
      });
      const ids = async (query: Record<string, string | number>) =>
        (await search(carol, query)).results.map((r) => r.id);
      expect(await ids({ q: 'kettle', from: T0, to: T0 + DAY })).toEqual([early]);
      expect(await ids({ q: 'kettle', from: T0 + 29 * DAY })).toEqual([late, late]);
      expect((await search(carol, { q: 'kettle', to: T0 + DAY })).total).toBe(1);
      expect(await ids({ q: 'kettle', from: T0 + 2 * DAY, to: T0 + 3 * DAY })).toEqual([]);
      expect(await ids({ q: 'kettle' })).toEqual([early, late, late]);
    });

    it('lists calls and chats newest first without words, and pages them', async () => {
      const all = await search(alice, {});
      expect(all.results.map((r) => r.kind)).toEqual(['chat', 'chat', 'call']);
      expect(all.results.every((r) => r.hit === null)).toBe(true);
      expect(all).toMatchObject({ total: 3, more: false, limit: 10, offset: 0 });
      const second = await search(alice, { limit: 1, offset: 1 });
      expect(second.results.map((r) => r.id)).toEqual([all.results[1]!.id]);
      const words = await search(alice, { q: 'refun*', limit: 2, offset: 2 });
      expect(words).toMatchObject({ total: 3, limit: 2, offset: 2 });
      expect(words.results).toHaveLength(1);
    });

    it('answers 400 naming the parameter for input it cannot search', async () => {
      const problems: Array<[string, RegExp]> = [
        ['kind=everything', /^kind: /],
        ['q=a*', /^q: /],
        [`q=${'x'.repeat(501)}`, /^q: /],
        ['q=%21%21%21', /^q: /],
        [`q=${Array.from({ length: 17 }, (_, i) => `w${i}`).join('+')}`, /^q: /],
        ['phone=12', /^phone: /],
        ['phone=call+me', /^phone: /],
        [`agentId=${ORDERS_AGENT}&webchatId=${OTHER_AGENT}`, /^webchatId: /],
        [`kind=chats&agentId=${ORDERS_AGENT}`, /^kind: /],
        ['from=yesterday', /^from: /],
        ['from=20&to=10', /^to: /],
        ['limit=0', /^limit: /],
        ['limit=51', /^limit: /],
        ['offset=1001', /^offset: /],
        ['q=a&q=b', /^q: /],
        // Ids by shape: NUL once answered 500 on PostgreSQL, which cannot hold it in text.
        ['agentId=%00', /^agentId: /],
        [`webchatId=${botId.slice(0, 8)}%00${botId.slice(9)}`, /^webchatId: /],
        ['agentId=agent-orders', /^agentId: /],
        [`webchatId=${botId}x`, /^webchatId: /],
        [`agentId=${ORDERS_AGENT}&agentId=${OTHER_AGENT}`, /^agentId: /],
      ];
      for (const [qs, message] of problems) {
        const response = await alice.call('GET', `/api/history/search?${qs}`);
        expect(response.statusCode, qs).toBe(400);
        expect(response.json<{ error: string }>().error, qs).toMatch(message);
      }
    });
  });
}

/**
 * Exports (issue 11): CSV with a header row and one RFC 4180 record per call or chat (a field
 * with commas, quotes and line breaks reads back whole through csv-parse), JSON Lines with one
 * line per message; named by what they hold and the day; only the owner's calls and chats.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CSV_COLUMNS, type ExportMessageLine } from '../../shared/types/history.js';
import { seedBot, seedCall, seedChat } from '../helpers/seedHistory.js';
import { seedOtherOwner } from '../helpers/seedOtherOwner.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

const T0 = Date.UTC(2026, 2, 1, 9);
const TRICKY = 'Hello, "world"\nsecond line, with a comma\r\nand a CRLF';
let t: TestApp;
let alice: WebchatCaller;
let bob: WebchatCaller;
let botId: string;
let trickyChat: string;
let toolChat: string;
let endedCall: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(Date.UTC(2026, 3, 15, 12) - t.clock.now());
  alice = await signedIn(t);
  bob = await signedIn(t);
  botId = await seedBot(t.db, alice.user.id, 'Acme Help, Ünïcode!');
  trickyChat = await seedChat(t.db, {
    userId: alice.user.id,
    webchatId: botId,
    start: T0,
    turns: [{ question: TRICKY, answer: 'Noted; thanks.' }],
  });
  toolChat = await seedChat(t.db, {
    userId: alice.user.id,
    webchatId: botId,
    start: T0 + 60_000_000,
    turns: [
      {
        question: 'Order 7?',
        answer: 'Packed.',
        tools: [{ name: 'lookup_order', args: '{"id":7}', output: '{"status":"packed"}', isError: false }],
      },
    ],
  });
  endedCall = await seedCall(t.db, {
    userId: alice.user.id,
    start: T0,
    messages: [
      { type: 'user', message: 'Call about order 7' },
      { type: 'assistant', message: 'Sure.' },
    ],
  });
  await seedCall(t.db, {
    userId: alice.user.id,
    start: T0 + 1,
    ended: false,
    messages: [{ type: 'user', message: 'Still talking about order 7' }],
  });
  await seedOtherOwner(t.db, bob.user.id, T0, {
    question: 'Bob order 7',
    answer: 'Bob answer',
    call: 'Bob call order 7',
  });
});
afterAll(() => t.close());

const records = (body: string) =>
  parse(body, { columns: true, relax_column_count: false }) as Array<Record<string, string>>;
const lines = (body: string) =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ExportMessageLine);

describe('exports', () => {
  it('writes a bot’s conversations as CSV: header, one record per conversation, fields read back whole', async () => {
    const response = await alice.call('GET', `/api/history/webchats/${botId}/export?format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="switchboard-conversations-acme-help-unicode-2026-04-15.csv"',
    );
    expect(response.headers['x-export-count']).toBe('2');
    expect(response.body.split('\r\n')[0]).toBe(EXPORT_CSV_COLUMNS.join(','));
    const rows = records(response.body);
    expect(rows.map((row) => row.id)).toEqual([toolChat, trickyChat]);
    const tricky = rows[1]!;
    expect(tricky).toMatchObject({
      kind: 'chat',
      source_id: botId,
      source_name: 'Acme Help, Ünïcode!',
      message_count: '2',
      started_at: new Date(T0).toISOString(),
      from_number: '',
    });
    expect(tricky.transcript).toBe(`Visitor: ${TRICKY}\nBot: Noted; thanks.`);
    expect(rows[0]!.transcript).toBe(
      'Visitor: Order 7?\nTool lookup_order: {"id":7} → {"status":"packed"}\nBot: Packed.',
    );
  });

  it('writes a bot’s conversations as JSON Lines: one line per message', async () => {
    const response = await alice.call('GET', `/api/history/webchats/${botId}/export?format=jsonl`);
    expect(response.headers['content-type']).toMatch(/^application\/jsonl/);
    expect(response.headers['content-disposition']).toMatch(
      /filename="switchboard-conversations-acme-help-unicode-2026-04-15\.jsonl"$/,
    );
    const messages = lines(response.body);
    expect(messages.map((m) => [m.id, m.speaker])).toEqual([
      [toolChat, 'visitor'],
      [toolChat, 'tool'],
      [toolChat, 'bot'],
      [trickyChat, 'visitor'],
      [trickyChat, 'bot'],
    ]);
    expect(messages[1]).toMatchObject({
      kind: 'chat',
      tool_name: 'lookup_order',
      tool_arguments: '{"id":7}',
      tool_output: '{"status":"packed"}',
      is_error: false,
    });
    expect(messages[3]).toMatchObject({
      text: TRICKY,
      at: new Date(T0).toISOString(),
      seq: 1,
      source_name: 'Acme Help, Ünïcode!',
    });
  });

  it('writes the ended calls, not a call still going, not another user’s', async () => {
    const response = await alice.call('GET', '/api/history/calls/export?format=csv');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="switchboard-ended-calls-2026-04-15.csv"',
    );
    expect(response.headers['x-export-count']).toBe('1');
    const rows = records(response.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'call',
      id: endedCall,
      from_number: '+14155550100',
      call_type: 'inbound',
      duration_seconds: '60',
      message_count: '2',
    });
    expect(rows[0]!.transcript).toBe('Caller: Call about order 7\nAgent: Sure.');
    const jsonl = lines((await alice.call('GET', '/api/history/calls/export?format=jsonl&order=asc')).body);
    expect(jsonl.map((m) => m.speaker)).toEqual(['caller', 'agent']);
  });

  it('writes a search’s calls and chats once each, only the owner’s', async () => {
    const response = await alice.call('GET', '/api/history/export?q=order&format=csv');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="switchboard-search-order-2026-04-15.csv"',
    );
    const rows = records(response.body);
    expect(rows.map((row) => row.kind).sort()).toEqual(['call', 'call', 'chat']);
    expect(response.body).not.toContain('Bob');
    const chatsOnly = records((await alice.call('GET', '/api/history/export?kind=chats&format=csv')).body);
    expect(chatsOnly.map((row) => row.id)).toEqual([toolChat, trickyChat]);
    const all = records((await alice.call('GET', '/api/history/export')).body);
    expect(all).toHaveLength(4);
  });

  it('keeps a spreadsheet from running a cell as a formula, but leaves phone numbers alone', async () => {
    const bot = await seedBot(t.db, alice.user.id, '=HYPERLINK("http://evil.example","x")');
    await seedChat(t.db, {
      userId: alice.user.id,
      webchatId: bot,
      start: T0,
      turns: [{ question: '@SUM(1)', answer: 'ok' }],
    });
    const rows = records((await alice.call('GET', `/api/history/webchats/${bot}/export`)).body);
    expect(rows[0]!.source_name).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(rows[0]!.transcript).toBe('Visitor: @SUM(1)\nBot: ok');
    const calls = records((await alice.call('GET', '/api/history/calls/export')).body);
    expect(calls[0]!.from_number).toBe('+14155550100');
  });

  it('answers 400 naming the parameter for an unknown format or order', async () => {
    for (const url of [
      `/api/history/webchats/${botId}/export?format=xml`,
      '/api/history/export?format=pdf',
      '/api/history/calls/export?format=tsv',
    ]) {
      const response = await alice.call('GET', url);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/^format: /);
    }
    expect((await alice.call('GET', '/api/history/calls/export?order=up')).json<{ error: string }>().error).toMatch(
      /^order: /,
    );
  });
});

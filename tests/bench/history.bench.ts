/**
 * History (issue 11): search over 1,000,000 messages of one user on SQLite (budget: p99 ≤ 50 ms),
 * and the export of a bot's 100,000 conversations, CSV and JSON Lines: rows a second and the
 * process's peak RSS while it streams.
 *
 * One user owns everything (the owner scope prunes nothing: the worst case): 100,000 chats of 8
 * messages and 20,000 ended calls of 10, written straight into the SQLite file with prepared
 * inserts in transactions, so migration 012's triggers fill history_entries and the FTS5 index as
 * the chat engine's and the bridge's writes do. The texts come from a seeded word generator with
 * a few hundred common words (a long tail, like speech) and one order number per call or chat.
 *
 * Searches go through app.inject (routing, auth, query, snippets, serialisation; no socket), a mix
 * of common and rare words, phrases, prefixes, filters and a deep page. Exports go over a real
 * socket (inject would gather the whole answer in memory): the client reads and drops the bytes,
 * RSS sampled every 20 ms. Client and server share the process, so the RSS covers both.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ExportCounter } from '../../console/components/exportProgress.js';
import { SQLITE_FILE_NAME } from '../../server/db/openDatabase.js';
import { EXPORT_COUNT_HEADER, type ExportFormat, type HistorySearchPage } from '../../shared/types/history.js';
import { seedBot } from '../helpers/seedHistory.js';
import { endedSessionRow } from '../helpers/seedSessions.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type Bench, type BenchRow, budgetRow, machineLoadRow, percentile, round } from './harness.js';

const CONVERSATIONS = 100_000;
const TURNS = 4;
const CALLS = 20_000;
const CALL_MESSAGES = 10;
const MESSAGES = CONVERSATIONS * TURNS * 2 + CALLS * CALL_MESSAGES;
/** Conversations or calls per transaction while seeding. */
const BATCH = 5_000;
const REQUESTS = 330;
const WARM_UP = 33;
const START = Date.UTC(2025, 0, 1);
const FAR = Date.UTC(2099, 0, 1);

/** mulberry32: the same texts on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = (
  'the a to is my i you it and of for on in this that with be have was we can your not please order parcel ' +
  'refund delivery invoice address voucher size colour return price stock shipping today tomorrow week ' +
  'thanks hello help need want know when where why how what could would account payment card number'
).split(' ');
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tu',
  'sha',
  'vel',
  'dor',
  'pin',
  'qua',
  'zen',
  'bri',
  'tho',
  'gal',
  'fey',
  'nox',
];
/** A long tail of made-up words (4,096 of them), rarer the further down. */
const TAIL = Array.from(
  { length: 4096 },
  (_, i) => SYLLABLES[i & 15]! + SYLLABLES[(i >> 4) & 15]! + SYLLABLES[(i >> 8) & 15]!,
);

function sentence(next: () => number, words: number, orderNumber: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    const r = next();
    // Zipf-like: most words common, a quarter from the tail, skewed to its head.
    out.push(
      r < 0.75 ? COMMON[Math.floor(next() ** 2 * COMMON.length)]! : TAIL[Math.floor(next() ** 3 * TAIL.length)]!,
    );
  }
  if (next() < 0.3) out.push('order', String(orderNumber));
  return out.join(' ');
}

function seed(t: TestApp, userId: string, botId: string): number {
  const started = performance.now();
  const sqlite = new SQLite(path.join(t.dataDir, SQLITE_FILE_NAME));
  const next = random(11);
  const conversation = sqlite.prepare(
    `INSERT INTO chat_conversations (id, user_id, webchat_id, started_at, last_message_at, message_count, first_question, last_seq, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const chatMessage = sqlite.prepare(
    `INSERT INTO chat_messages (id, conversation_id, seq, role, text, created_at, expires_at, tool_name, tool_args, tool_output, is_error)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, 0)`,
  );
  const call = sqlite.prepare(
    `INSERT INTO call_sessions (stream_sid, call_sid, user_id, agent_id, agent_name, from_number, to_number, call_type, start_time, end_time, duration, ended_seq)
     VALUES (@stream_sid, @call_sid, @user_id, @agent_id, @agent_name, @from_number, @to_number, @call_type, @start_time, @end_time, @duration, @ended_seq)`,
  );
  const callMessage = sqlite.prepare(
    `INSERT INTO call_messages (id, stream_sid, item_id, seq, type, message, timestamp, function_output, function_args, function_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL)`,
  );
  const chats = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = `bench${String(i).padStart(10, '0')}conversation`;
      const at = START + i * 60_000;
      const texts = Array.from({ length: TURNS * 2 }, (_, seq) => sentence(next, seq % 2 === 0 ? 10 : 16, 100_000 + i));
      conversation.run(id, userId, botId, at, at + TURNS * 2 * 1000, TURNS * 2, texts[0]!, TURNS * 2, FAR);
      texts.forEach((text, seq) => {
        chatMessage.run(`${id}-${seq}`, id, seq + 1, seq % 2 === 0 ? 'user' : 'assistant', text, at + seq * 1000, FAR);
      });
    }
  });
  const calls = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const row = endedSessionRow(userId, 'agent-bench', i + 1, START);
      call.run(row);
      for (let seq = 0; seq < CALL_MESSAGES; seq++) {
        const text = sentence(next, seq % 2 === 0 ? 10 : 16, 500_000 + i);
        callMessage.run(
          `${row.stream_sid}-${seq}`,
          row.stream_sid,
          `item_${seq}`,
          seq + 1,
          seq % 2 === 0 ? 'user' : 'assistant',
          text,
          row.start_time + seq * 1000,
        );
      }
    }
  });
  for (let from = 0; from < CONVERSATIONS; from += BATCH) chats(from, Math.min(CONVERSATIONS, from + BATCH));
  for (let from = 0; from < CALLS; from += BATCH) calls(from, Math.min(CALLS, from + BATCH));
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return performance.now() - started;
}

/** The searches timed in turn: common and rare words, phrases, prefixes, filters, a deep page, nothing found. */
function searches(botId: string): Array<[string, string]> {
  const mid = START + (CONVERSATIONS / 2) * 60_000;
  const list: Array<[string, Record<string, string>]> = [
    ['common word', { q: 'parcel' }],
    ['two common words', { q: 'parcel refund' }],
    ['phrase', { q: '"my parcel"' }],
    ['prefix', { q: 'deliv*' }],
    ['rare word', { q: TAIL[4000]! }],
    ['order number', { q: 'order 150123' }],
    ['calls only', { q: 'invoice', kind: 'calls' }],
    ['one bot', { q: 'voucher', kind: 'chats', webchatId: botId }],
    ['phone number', { q: 'address', phone: '5550100' }],
    ['date range', { q: 'payment', from: String(mid), to: String(mid + 86_400_000) }],
    ['deep page', { q: 'parcel', offset: '990' }],
    ['no match', { q: 'xylophone' }],
  ];
  return list.map(([name, query]) => [name, new URLSearchParams({ ...query, limit: '10' }).toString()]);
}

async function timeSearches(
  t: TestApp,
  headers: Record<string, string>,
  botId: string,
): Promise<{ all: number[]; byName: Map<string, number[]>; cpuMs: number }> {
  const list = searches(botId);
  const all: number[] = [];
  const byName = new Map<string, number[]>(list.map(([name]) => [name, []]));
  let cpu = process.cpuUsage();
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    if (i === WARM_UP) cpu = process.cpuUsage();
    const [name, query] = list[i % list.length]!;
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: `/api/history/search?${query}`, headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`search ${query} answered ${response.statusCode}: ${response.body}`);
    const page = response.json<HistorySearchPage>();
    if (name !== 'no match' && page.results.length === 0) throw new Error(`search ${query} found nothing`);
    if (i >= WARM_UP) {
      all.push(elapsed);
      byName.get(name)!.push(elapsed);
    }
  }
  const used = process.cpuUsage(cpu);
  return { all, byName, cpuMs: (used.user + used.system) / 1000 / REQUESTS };
}

interface ExportFigures {
  ms: number;
  bytes: number;
  conversations: number;
  lines: number;
  rssBefore: number;
  rssPeak: number;
}

/** Streams one export over the socket, dropping the bytes, with the process's RSS sampled meanwhile. */
async function timeExport(baseUrl: string, token: string, botId: string, format: ExportFormat): Promise<ExportFigures> {
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 20);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/history/webchats/${botId}/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200 || !response.body)
      throw new Error(`export ${format} answered ${response.status}: ${await response.text()}`);
    const counter = new ExportCounter(format);
    const decoder = new TextDecoder();
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      const text = decoder.decode(chunk, { stream: true });
      counter.push(text);
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
    }
    const expected = Number(response.headers.get(EXPORT_COUNT_HEADER));
    if (counter.count !== CONVERSATIONS || expected !== CONVERSATIONS)
      throw new Error(
        `export ${format} held ${counter.count} conversations (header ${expected}), not ${CONVERSATIONS}`,
      );
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    return { ms: performance.now() - started, bytes, conversations: counter.count, lines, rssBefore, rssPeak };
  } finally {
    clearInterval(sampler);
  }
}

const MB = 1024 * 1024;

export const bench: Bench = {
  name: 'history',
  description: `History search over ${MESSAGES.toLocaleString('en')} messages on SQLite (p50/p99), and a bot's ${CONVERSATIONS.toLocaleString('en')} conversations exported as CSV and JSON Lines (rows/s, peak RSS)`,
  run: async () => {
    const rows: BenchRow[] = [machineLoadRow(': above that, times include waiting for a core')];
    const t = await createTestApp({ config: { rateLimit: { max: 1_000_000_000, windowMs: 60_000 } } });
    try {
      const user = await t.createUser();
      const botId = await seedBot(t.db, user.id, 'Bench bot', 86_400);
      const seededMs = seed(t, user.id, botId);
      rows.push({
        metric: 'seeding',
        value: round(seededMs / 1000, 1),
        unit: 's',
        note: `${CONVERSATIONS} chats × ${TURNS * 2} + ${CALLS} calls × ${CALL_MESSAGES} messages, transactions of ${BATCH}, indexed by the triggers`,
      });
      const signedIn = await t.login(user.username, user.password);
      const headers = t.auth(signedIn.accessToken);

      const { all, byName, cpuMs } = await timeSearches(t, headers, botId);
      rows.push({
        metric: 'search p50',
        value: round(percentile(all, 50)),
        unit: 'ms',
        note: `${REQUESTS} searches via app.inject, ${byName.size} kinds in turn; ${round(cpuMs)} ms CPU each`,
      });
      rows.push(
        budgetRow(
          {
            metric: `search p99 (${(MESSAGES / 1_000_000).toLocaleString('en')} M messages)`,
            value: round(percentile(all, 99)),
            unit: 'ms',
          },
          { atMost: 50 },
        ),
      );
      for (const [name, times] of byName)
        rows.push({
          metric: `search: ${name}, worst`,
          value: round(Math.max(...times)),
          unit: 'ms',
          note: `${times.length} runs, p50 ${round(percentile(times, 50))} ms`,
        });

      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const baseUrl = `http://127.0.0.1:${address.port}`;
      for (const format of ['csv', 'jsonl'] as const) {
        const figures = await timeExport(baseUrl, signedIn.accessToken, botId, format);
        const seconds = figures.ms / 1000;
        const label = format === 'csv' ? 'CSV' : 'JSON Lines';
        const perRow =
          format === 'csv'
            ? `${figures.conversations} rows (one per conversation)`
            : `${figures.lines} lines (one per message)`;
        rows.push({
          metric: `export ${label}: time`,
          value: round(seconds, 1),
          unit: 's',
          note: `${perRow}, ${round(figures.bytes / MB, 1)} MiB over a socket`,
        });
        rows.push({
          metric: `export ${label}: conversations/s`,
          value: Math.round(figures.conversations / seconds),
          unit: 'rows/s',
        });
        if (format === 'jsonl')
          rows.push({
            metric: `export ${label}: lines/s`,
            value: Math.round(figures.lines / seconds),
            unit: 'rows/s',
            note: 'one line per message',
          });
        rows.push({
          metric: `export ${label}: peak RSS`,
          value: round(figures.rssPeak / MB, 1),
          unit: 'MiB',
          note: `process RSS (server and reading client), sampled every 20 ms; ${round(figures.rssBefore / MB, 1)} MiB before`,
        });
        rows.push({
          metric: `export ${label}: RSS growth`,
          value: round((figures.rssPeak - figures.rssBefore) / MB, 1),
          unit: 'MiB',
          note: `the export is ${round(figures.bytes / MB, 1)} MiB`,
        });
      }
    } finally {
      await t.close();
    }
    return rows;
  },
};

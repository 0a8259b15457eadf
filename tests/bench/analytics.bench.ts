/**
 * Analytics (issue 21): GET /api/analytics at 1,000,000 sessions on SQLite (budget: p99 ≤ 100 ms
 * for the page's request, whatever the range or filter).
 *
 * 700,000 calls and 300,000 visitor chats over a year, of 5 users with 4 agents and 2 bots each;
 * the first user owns 40% of them (the worst case the page meets). Rows are written straight into
 * a SQLite file at migration 019 with prepared inserts in transactions; migration 020 then copies
 * them into the rollup (its backfill, timed) and installs the triggers, whose cost per call
 * written the bridge's way is timed too. Every call carries tokens and a duration; a sample of
 * calls has agent lines with latency, a sample of chats priced answers, a sample of both a verdict.
 *
 * Requests go through app.inject (routing, auth, parsing, queries, pricing, serialisation; no
 * socket): 7, 30 and 365 days, all agents and bots or one agent, in Europe/Berlin (a DST zone, so
 * the folding takes its longest path). Complete days stay folded once viewed (migration 021), so
 * the first view of a year is timed apart (the cache emptied before each), and so is a year viewed
 * while calls keep coming (a call written on the range's last day before each request, which
 * folds that day again). For comparison, one row times the calls-and-minutes part alone read
 * straight from call_sessions over a year (indexed on user and start time): the reason for the
 * rollup.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, Migrator } from 'kysely';
import { loadConfig } from '../../server/config.js';
import { hashPassword } from '../../server/crypto/passwords.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { openDatabase, SQLITE_FILE_NAME } from '../../server/db/openDatabase.js';
import type { Database } from '../../server/db/schema.js';
import { insertUser } from '../../server/db/users.js';
import type { AnalyticsReport } from '../../shared/types/analytics.js';
import { seedAgent, seedBot, seedCall } from '../helpers/analyticsSeed.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type Bench, type BenchRow, budgetRow, machineLoadRow, percentile, round } from './harness.js';

const SESSIONS = 1_000_000;
const CALL_SHARE = 0.7;
const USERS = 5;
const AGENTS = 4;
const BOTS = 2;
const BATCH = 10_000;
const YEAR_MS = 365 * 86_400_000;
const END = Date.UTC(2026, 2, 1);
const START = END - YEAR_MS;
const REQUESTS_PER_CASE = 60;
const WARM_UP = 5;
const FAR = Number.MAX_SAFE_INTEGER;
const MODELS = ['gpt-realtime', 'gpt-realtime-mini'];

/** mulberry32: the same history on every run. */
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

interface Owner {
  id: string;
  agents: string[];
  bots: string[];
}

/** The owner of session i: the first user takes 40%, the others share the rest. */
const ownerOf = (owners: Owner[], next: () => number) =>
  next() < 0.4 ? owners[0]! : owners[1 + Math.floor(next() * (owners.length - 1))]!;

function seed(dataDir: string, owners: Owner[]): number {
  const started = performance.now();
  const sqlite = new SQLite(path.join(dataDir, SQLITE_FILE_NAME));
  const next = random(21);
  const call = sqlite.prepare(
    `INSERT INTO call_sessions (stream_sid, call_sid, user_id, agent_id, agent_name, from_number, to_number, call_type,
       start_time, end_time, duration, ended_seq, model, input_text_tokens, input_audio_tokens, cached_text_tokens,
       cached_audio_tokens, output_text_tokens, output_audio_tokens, interruptions, latency_turns)
     VALUES (?, ?, ?, ?, 'Agent', '+14155550100', '+14155550199', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
  );
  const line = sqlite.prepare(
    `INSERT INTO call_messages (id, stream_sid, item_id, seq, type, message, timestamp, latency_ms)
     VALUES (?, ?, ?, ?, 'assistant', 'Hello', ?, ?)`,
  );
  const chat = sqlite.prepare(
    `INSERT INTO chat_conversations (id, user_id, webchat_id, started_at, last_message_at, message_count, first_question, last_seq, expires_at)
     VALUES (?, ?, ?, ?, ?, 2, '', 2, ?)`,
  );
  const answer = sqlite.prepare(
    `INSERT INTO chat_messages (id, conversation_id, seq, role, text, created_at, expires_at, is_error, model, input_tokens, cached_tokens, output_tokens)
     VALUES (?, ?, 2, 'assistant', 'Answer', ?, ?, 0, 'gpt-4o-mini', ?, ?, ?)`,
  );
  const job = sqlite.prepare(
    `INSERT INTO analysis_jobs (id, user_id, kind, stream_sid, conversation_id, source_id, status, attempts, run_after, success, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'done', 1, 0, ?, 0, 0)`,
  );
  const endedSeq = new Map<string, number>();
  const verdict = () => (['pass', 'pass', 'fail', 'unclear'] as const)[Math.floor(next() * 4)]!;
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const owner = ownerOf(owners, next);
      const at = START + Math.floor(next() * YEAR_MS);
      const id = String(i).padStart(30, '0');
      if (next() < CALL_SHARE) {
        const seq = (endedSeq.get(owner.id) ?? 0) + 1;
        endedSeq.set(owner.id, seq);
        const duration = 20 + Math.floor(next() * 600);
        const streamSid = `MZ${id}`;
        const audioIn = Math.floor(next() * 20_000);
        // An agent's calls use the agent's model: half the agents run each.
        const agent = Math.floor(next() * owner.agents.length);
        call.run(
          streamSid,
          `CA${id}`,
          owner.id,
          owner.agents[agent],
          next() < 0.5 ? 'inbound' : next() < 0.5 ? 'outbound' : 'web',
          at,
          at + duration * 1000,
          duration,
          seq,
          MODELS[agent % MODELS.length],
          Math.floor(next() * 2000),
          audioIn,
          Math.floor(next() * 500),
          Math.floor(audioIn * next() * 0.5),
          Math.floor(next() * 300),
          Math.floor(next() * 30_000),
        );
        if (i % 100 === 0)
          for (let turn = 0; turn < 5; turn++)
            line.run(
              `${id}-${turn}`,
              streamSid,
              `item_${turn}`,
              turn + 1,
              at + turn * 5000,
              300 + Math.floor(next() * 1500),
            );
        if (i % 25 === 0) job.run(`job${id}`, owner.id, 'call', streamSid, null, 'agent', verdict());
      } else {
        const conversationId = `chat${id}`;
        chat.run(conversationId, owner.id, owner.bots[Math.floor(next() * owner.bots.length)], at, at + 5000, FAR);
        if (i % 10 === 0) {
          const input = 500 + Math.floor(next() * 3000);
          answer.run(
            `${id}-answer`,
            conversationId,
            at + 2000,
            FAR,
            input,
            Math.floor(input * next()),
            50 + Math.floor(next() * 400),
          );
        }
        if (i % 25 === 0) job.run(`job${id}`, owner.id, 'chat', null, conversationId, 'bot', verdict());
      }
    }
  });
  for (let from = 0; from < SESSIONS; from += BATCH) batch(from, Math.min(SESSIONS, from + BATCH));
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return performance.now() - started;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Days ending the day before END, in days. */
function range(days: number): string {
  return `from=${dayOf(END - days * 86_400_000)}&to=${dayOf(END - 86_400_000)}&tz=Europe/Berlin`;
}

async function timeCase(
  t: TestApp,
  headers: Record<string, string>,
  query: string,
  before: () => Promise<void> = async () => {},
  count = REQUESTS_PER_CASE,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + count; i++) {
    await before();
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: `/api/analytics?${query}`, headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`analytics ${query} answered ${response.statusCode}: ${response.body}`);
    if (response.json<AnalyticsReport>().totals.calls === 0) throw new Error(`analytics ${query} found no calls`);
    if (i >= WARM_UP) times.push(elapsed);
  }
  return times;
}

const TRIGGERED_WRITES = 10_000;

/** µs per call written as the bridge writes it (open, figures, end), with the rollup's triggers on. */
function timeTriggeredWrites(dataDir: string, owner: Owner): number {
  const sqlite = new SQLite(path.join(dataDir, SQLITE_FILE_NAME));
  const open = sqlite.prepare(
    `INSERT INTO call_sessions (stream_sid, call_sid, user_id, agent_id, agent_name, from_number, to_number, call_type, start_time,
       input_text_tokens, input_audio_tokens, cached_text_tokens, cached_audio_tokens, output_text_tokens, output_audio_tokens, interruptions, latency_turns)
     VALUES (?, ?, ?, ?, 'Agent', '+14155550100', '+14155550199', 'inbound', ?, 0, 0, 0, 0, 0, 0, 0, 0)`,
  );
  const figures = sqlite.prepare(
    `UPDATE call_sessions SET model = 'gpt-realtime', input_audio_tokens = 4000, output_audio_tokens = 9000 WHERE stream_sid = ?`,
  );
  const end = sqlite.prepare(`UPDATE call_sessions SET end_time = ?, duration = 95 WHERE stream_sid = ?`);
  const started = performance.now();
  for (let i = 0; i < TRIGGERED_WRITES; i++) {
    const sid = `MZwrite${String(i).padStart(26, '0')}`;
    const at = END + i * 60_000;
    open.run(sid, `CA${sid}`, owner.id, owner.agents[0], at);
    figures.run(sid);
    end.run(at + 95_000, sid);
  }
  const elapsed = performance.now() - started;
  sqlite.close();
  return (elapsed * 1000) / TRIGGERED_WRITES;
}

/** The calls-and-minutes part of the page straight from call_sessions, for comparison. */
function timeDirect(dataDir: string, userId: string): number[] {
  const sqlite = new SQLite(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  const query = sqlite.prepare(
    `SELECT (start_time + 3600000) / 86400000 AS day, count(*) AS calls, sum(duration) AS seconds
     FROM call_sessions WHERE user_id = ? AND start_time >= ? AND start_time < ? GROUP BY 1`,
  );
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    query.all(userId, START, END);
    times.push(performance.now() - started);
  }
  sqlite.close();
  return times;
}

/** A SQLite database in `dataDir` migrated up to `last`. */
async function databaseAt(dataDir: string, last: string): Promise<Kysely<Database>> {
  const db = openDatabase({ ...loadConfig({ DATA_DIR: dataDir }), databaseUrl: null });
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo(last);
  if (error) throw error;
  return db;
}

export const bench: Bench = {
  name: 'analytics',
  description: 'GET /api/analytics at 1,000,000 sessions (SQLite): 7/30/365 days, all vs one agent',
  async run() {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-analytics-bench-'));
    let t: TestApp | null = null;
    try {
      // The history is written before migration 020, then the migration copies it into the rollup
      // (its backfill: one grouped insert per table) and installs the triggers.
      const before = await databaseAt(dataDir, '019-recordings');
      const owners: Owner[] = [];
      let biggest = '';
      for (let u = 0; u < USERS; u++) {
        const username = `analytics-bench-${u}`;
        const user = await insertUser(
          before,
          { username, email: null, role: 'user', passwordHash: await hashPassword(`pw-${username}`) },
          Date.now(),
        );
        if (u === 0) biggest = username;
        const agents = await Promise.all(
          Array.from({ length: AGENTS }, (_, k) => seedAgent(before, user.id, `Agent ${k}`)),
        );
        const bots = await Promise.all(Array.from({ length: BOTS }, (_, k) => seedBot(before, user.id, `Bot ${k}`)));
        owners.push({ id: user.id, agents, bots });
      }
      await before.destroy();
      const seedMs = seed(dataDir, owners);
      const migrating = await databaseAt(dataDir, '019-recordings');
      const migrateStarted = performance.now();
      await migrateToLatest(migrating);
      const migrateMs = performance.now() - migrateStarted;
      await migrating.destroy();

      t = await createTestApp({ config: { dataDir, rateLimit: { max: 1_000_000_000, windowMs: 60_000 } } });
      const headers = t.auth((await t.login(biggest, `pw-${biggest}`)).accessToken);
      const rollupRows = Number(
        (
          await t.db
            .selectFrom('analytics_hours')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const writeUs = timeTriggeredWrites(dataDir, owners[1]!);

      const rows: BenchRow[] = [
        {
          metric: 'sessions seeded',
          value: SESSIONS,
          unit: 'sessions',
          note: `${USERS} users, the timed one owns 40%`,
        },
        { metric: 'seed time (bulk insert, before migration 020)', value: round(seedMs / 1000), unit: 's' },
        { metric: 'migration 020 at 1,000,000 sessions (backfill)', value: round(migrateMs / 1000), unit: 's' },
        { metric: 'rollup rows', value: rollupRows, unit: 'rows', note: 'analytics_hours' },
        {
          metric: 'a call written through the triggers',
          value: round(writeUs),
          unit: 'µs',
          note: `insert + figures update + end, ${TRIGGERED_WRITES} calls; the rollup's cost on the write path`,
        },
      ];
      const all: number[] = [];
      for (const days of [7, 30, 365])
        for (const [label, filter] of [
          ['all', ''],
          ['one agent', `&agentId=${owners[0]!.agents[0]}`],
        ] as const) {
          const times = await timeCase(t, headers, `${range(days)}${filter}`);
          all.push(...times);
          rows.push(
            budgetRow(
              {
                metric: `${days} days, ${label}: p99`,
                value: round(percentile(times, 99)),
                unit: 'ms',
                note: `p50 ${round(percentile(times, 50))} ms, p95 ${round(percentile(times, 95))} ms, ${times.length} requests`,
              },
              { atMost: 100 },
            ),
          );
        }
      const owner = owners[0]!;
      const firstViews = await timeCase(
        t,
        headers,
        range(365),
        async () => {
          await t?.db.deleteFrom('analytics_days').where('user_id', '=', owner.id).execute();
          await t?.db.deleteFrom('analytics_cached_days').where('user_id', '=', owner.id).execute();
        },
        5,
      );
      rows.push({
        metric: '365 days, all: first view in a zone (folds and keeps the year), p50',
        value: round(percentile(firstViews, 50)),
        unit: 'ms',
        note: `max ${round(Math.max(...firstViews))} ms, ${firstViews.length} views with the day cache emptied before each; once per owner and zone`,
      });
      let liveCalls = 0;
      const live = await timeCase(t, headers, range(365), async () => {
        liveCalls += 1;
        await seedCall(t!.db, {
          userId: owner.id,
          agentId: owner.agents[0]!,
          start: END - 3 * 3_600_000 + liveCalls * 1000,
          seconds: 60,
          model: MODELS[0],
          usage: { inputAudio: 3000, outputAudio: 6000 },
        });
      });
      all.push(...live);
      rows.push(
        budgetRow(
          {
            metric: '365 days, all, a new call on its last day before each request: p99',
            value: round(percentile(live, 99)),
            unit: 'ms',
            note: `p50 ${round(percentile(live, 50))} ms, ${live.length} requests`,
          },
          { atMost: 100 },
        ),
      );
      rows.push(
        budgetRow(
          {
            metric: 'every request: p99',
            value: round(percentile(all, 99)),
            unit: 'ms',
            note: `p50 ${round(percentile(all, 50))} ms; first views apart`,
          },
          { atMost: 100 },
        ),
      );
      const direct = timeDirect(dataDir, owners[0]!.id);
      rows.push({
        metric: 'without the rollup: calls and minutes of 365 days straight from call_sessions, p50',
        value: round(percentile(direct, 50)),
        unit: 'ms',
        note: 'one query of the several the page needs (no tokens, chats, latency); for comparison',
      });
      rows.push(machineLoadRow());
      return rows;
    } finally {
      await t?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

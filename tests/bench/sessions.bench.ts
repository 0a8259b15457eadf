/**
 * GET /api/sessions/ended-sessions with 10 k and 1 M ended sessions of one user (issue 10 budget:
 * p99 ≤ 20 ms at 1 M), first page and a deep page (the last one), each way round. Rows are
 * written straight into the SQLite file in one transaction; requests go through app.inject
 * (routing, auth, queries, serialisation; no socket). A plain ORDER BY … OFFSET query over the
 * same rows is timed beside it, to show what the per-owner `ended_seq` index saves.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SQLITE_FILE_NAME } from '../../server/db/openDatabase.js';
import { endedSessionRow } from '../helpers/seedSessions.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type Bench, type BenchRow, machineLoadRow, percentile, round } from './harness.js';

const REQUESTS = 200;
const WARM_UP = 20;
const SIZES = [10_000, 1_000_000];

function seed(t: TestApp, userId: string, count: number): number {
  const started = performance.now();
  const sqlite = new SQLite(path.join(t.dataDir, SQLITE_FILE_NAME));
  const insert = sqlite.prepare(
    `INSERT INTO call_sessions (stream_sid, call_sid, user_id, agent_id, agent_name, from_number, to_number, call_type, start_time, end_time, duration, ended_seq)
     VALUES (@stream_sid, @call_sid, @user_id, @agent_id, @agent_name, @from_number, @to_number, @call_type, @start_time, @end_time, @duration, @ended_seq)`,
  );
  sqlite.transaction(() => {
    for (let i = 1; i <= count; i++) insert.run(endedSessionRow(userId, 'agent-bench', i, Date.UTC(2024, 0, 1)));
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return performance.now() - started;
}

/** Wall times of the requests, and the process CPU they took on average (free of waiting for a core). */
async function time(
  t: TestApp,
  headers: Record<string, string>,
  query: string,
): Promise<{ times: number[]; cpuMs: number }> {
  const times: number[] = [];
  let cpu = process.cpuUsage();
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    if (i === WARM_UP) cpu = process.cpuUsage();
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: `/api/sessions/ended-sessions?${query}`, headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200 || response.json<{ sessions: unknown[] }>().sessions.length !== 10)
      throw new Error(`ended-sessions?${query} answered ${response.statusCode}`);
    if (i >= WARM_UP) times.push(elapsed);
  }
  const used = process.cpuUsage(cpu);
  return { times, cpuMs: (used.user + used.system) / 1000 / REQUESTS };
}

/** The naive way: ORDER BY end_time with OFFSET, on the same file (index on user_id only helps the filter). */
function naiveDeepPage(t: TestApp, userId: string, offset: number): number[] {
  const sqlite = new SQLite(path.join(t.dataDir, SQLITE_FILE_NAME), { readonly: true });
  const query = sqlite.prepare(
    'SELECT * FROM call_sessions WHERE user_id = ? AND end_time IS NOT NULL ORDER BY end_time DESC LIMIT 10 OFFSET ?',
  );
  const times: number[] = [];
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    query.all(userId, offset);
    times.push(performance.now() - started);
  }
  sqlite.close();
  return times;
}

export const bench: Bench = {
  name: 'sessions',
  description:
    'GET /api/sessions/ended-sessions at 10 k and 1 M ended sessions of one user: first and last page, p50/p99',
  run: async () => {
    const rows: BenchRow[] = [machineLoadRow(': above that, p99s include waiting for a core')];
    for (const size of SIZES) {
      const t = await createTestApp({ config: { rateLimit: { max: 1_000_000_000, windowMs: 60_000 } } });
      try {
        const user = await t.createUser();
        const seededMs = seed(t, user.id, size);
        const headers = t.auth((await t.login(user.username, user.password)).accessToken);
        const label = size >= 1_000_000 ? `${size / 1_000_000} M` : `${size / 1000} k`;
        const deep = size - 10;
        const pages: Array<[string, string]> = [
          ['first page', 'limit=10&offset=0'],
          ['last page', `limit=10&offset=${deep}`],
          ['first page ascending', 'limit=10&offset=0&order=asc'],
          ['last page ascending', `limit=10&offset=${deep}&order=asc`],
        ];
        rows.push({
          metric: `${label}: seeding`,
          value: round(seededMs / 1000, 1),
          unit: 's',
          note: `${size} rows in one transaction`,
        });
        for (const [name, query] of pages) {
          const { times, cpuMs } = await time(t, headers, query);
          rows.push({
            metric: `${label}: ${name} p50`,
            value: round(percentile(times, 50)),
            unit: 'ms',
            note: `${REQUESTS} requests via app.inject; ${round(cpuMs)} ms CPU each`,
          });
          rows.push({
            metric: `${label}: ${name} p99`,
            value: round(percentile(times, 99)),
            unit: 'ms',
            note: size >= 1_000_000 ? 'budget ≤ 20 ms' : undefined,
          });
        }
        const naive = naiveDeepPage(t, user.id, deep);
        rows.push({
          metric: `${label}: plain ORDER BY … OFFSET, last page p50`,
          value: round(percentile(naive, 50)),
          unit: 'ms',
          note: 'the query alone, for contrast (2 runs)',
        });
      } finally {
        await t.close();
      }
    }
    return rows;
  },
};

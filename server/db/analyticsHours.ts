/**
 * Reads of the Analytics rollup (migration 020). Hours are folded into the viewer's days and
 * hours of the day in SQL: the zone's offsets over the range come in as segments and become one
 * CASE expression of literals (numbers this server computed, never the request's text), so the
 * grouping happens in the database and only a day's worth of rows per model comes back.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from './dialect.js';
import { LATENCY_COLUMNS } from './migrations/020-analytics.js';
import type { Database } from './schema.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface AnalyticsScope {
  userId: string;
  /** One agent's or bot's rows; all of the owner's otherwise. */
  sourceId?: string;
  /** The UTC hours of the range's local days: [start, end). */
  start: number;
  end: number;
  /** The zone's offsets over [start, end), the first in force at `start`. */
  offsets: ReadonlyArray<{ from: number; offsetMs: number }>;
}

/** One group of hours: a local day, a kind, a model and a price period (see `priceChanges`). */
export interface AnalyticsDayRow {
  day: number;
  kind: 'call' | 'chat';
  model: string;
  /** The group's first hour, inside its price period: the prices in force then price it. */
  at: number;
  sessions: number;
  seconds: number;
  inboundMinutes: number;
  outboundMinutes: number;
  inputText: number;
  inputAudio: number;
  cachedText: number;
  cachedAudio: number;
  outputText: number;
  outputAudio: number;
  pass: number;
  fail: number;
  unclear: number;
  latency: number[];
}

const int = (value: number) => sql.lit(Math.trunc(value));

/** The bucket's local time (ms since 1970 on the local calendar). */
function localTime(offsets: AnalyticsScope['offsets']): RawBuilder<number> {
  const [first, ...rest] = offsets;
  if (!first) return sql<number>`hour_start`;
  if (rest.length === 0) return sql<number>`(hour_start + ${int(first.offsetMs)})`;
  const cases = rest.map(
    (segment, i) => sql`WHEN hour_start < ${int(segment.from)} THEN ${int(offsets[i]?.offsetMs ?? 0)}`,
  );
  const last = rest[rest.length - 1]?.offsetMs ?? 0;
  return sql<number>`(hour_start + CASE ${sql.join(cases, sql` `)} ELSE ${int(last)} END)`;
}

/** The owner's (or one agent's or bot's) rows of the range: one index range. */
function scoped(db: Kysely<Database>, scope: AnalyticsScope) {
  // Without statistics SQLite reads one agent's hours through the primary key (every source of
  // the owner in the range, filtered): the source index reads only that agent's rows.
  const from =
    scope.sourceId && !isPostgres(db)
      ? sql`analytics_hours INDEXED BY analytics_hours_source_idx`
      : sql`analytics_hours`;
  return {
    from,
    day: sql<number>`(${localTime(scope.offsets)} / ${int(DAY_MS)})`,
    local: localTime(scope.offsets),
    where: sql`user_id = ${scope.userId}${scope.sourceId ? sql` AND source_id = ${scope.sourceId}` : sql``}
      AND hour_start >= ${int(scope.start)} AND hour_start < ${int(scope.end)}`,
  };
}

const SUMS = [
  ['sessions', 'sessions'],
  ['seconds', 'seconds'],
  ['inbound_minutes', 'inboundMinutes'],
  ['outbound_minutes', 'outboundMinutes'],
  ['input_text', 'inputText'],
  ['input_audio', 'inputAudio'],
  ['cached_text', 'cachedText'],
  ['cached_audio', 'cachedAudio'],
  ['output_text', 'outputText'],
  ['output_audio', 'outputAudio'],
  ['verdict_pass', 'pass'],
  ['verdict_fail', 'fail'],
  ['verdict_unclear', 'unclear'],
] as const;

/**
 * The range's sums per local day, kind, model and price period: `priceChanges` are the instants
 * where any model's price changes inside the range, so each group is priced at one price row.
 */
export async function analyticsDays(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  priceChanges: readonly number[],
): Promise<AnalyticsDayRow[]> {
  const { from, day, where } = scoped(db, scope);
  const period =
    priceChanges.length === 0
      ? sql`0`
      : sql.join(
          priceChanges.map((at) => sql`CASE WHEN hour_start >= ${int(at)} THEN 1 ELSE 0 END`),
          sql` + `,
        );
  const sums = [...SUMS.map(([column]) => column), ...LATENCY_COLUMNS].map(
    (column) => sql`sum(${sql.ref(column)}) AS ${sql.ref(column)}`,
  );
  const result = await sql<Record<string, string | number>>`
    SELECT ${day} AS day, kind, model, ${period} AS period, min(hour_start) AS at, ${sql.join(sums)}
    FROM ${from} WHERE ${where}
    GROUP BY 1, 2, 3, 4`.execute(db);
  return result.rows.map((row) => {
    const sumsOf = Object.fromEntries(SUMS.map(([column, name]) => [name, Number(row[column] ?? 0)]));
    return {
      day: Number(row.day),
      kind: row.kind === 'chat' ? 'chat' : 'call',
      model: String(row.model),
      at: Number(row.at),
      ...(sumsOf as Omit<AnalyticsDayRow, 'day' | 'kind' | 'model' | 'at' | 'latency'>),
      latency: LATENCY_COLUMNS.map((column) => Number(row[column] ?? 0)),
    };
  });
}

/** Calls and chats started in each local hour of the day (0–23) over the range. */
export async function analyticsHoursOfDay(db: Kysely<Database>, scope: AnalyticsScope): Promise<number[]> {
  const { from, local, where } = scoped(db, scope);
  const result = await sql<{ hour: number | string; sessions: number | string }>`
    SELECT (${local} % ${int(DAY_MS)}) / ${int(HOUR_MS)} AS hour, sum(sessions) AS sessions
    FROM ${from} WHERE ${where}
    GROUP BY 1`.execute(db);
  const hours = Array.from({ length: 24 }, () => 0);
  for (const row of result.rows) {
    const hour = Number(row.hour);
    if (hour >= 0 && hour < 24) hours[hour] = (hours[hour] ?? 0) + Number(row.sessions);
  }
  return hours;
}

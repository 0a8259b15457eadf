/**
 * Folding the Analytics rollup (migration 020) into the viewer's local days. Hours become days
 * and hours of the day in SQL: the zone's offsets over the span come in as segments and become one
 * CASE expression of literals (numbers this server computed, never the request's text), so the
 * grouping happens in the database and only a day's worth of rows per agent or bot and model comes
 * back. The reader keeps complete days folded (db/analyticsDayCache.ts), so this mostly reads the
 * days since the rollup last changed.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { LATENCY_COLUMNS } from './migrations/020-analytics.js';
import { HOUR_OF_DAY_COLUMNS as HOUR_COLUMNS } from './migrations/021-analytics-days.js';
import type { Database } from './schema.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The zone's offsets over a span, the first in force at its start. */
export type ZoneOffsets = ReadonlyArray<{ from: number; offsetMs: number }>;

/** What the page shows per day of one kind and model: sessions, minutes, and the tokens that price them. */
export interface DayFigures {
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
}

/** What the page shows of the range as a whole: verdicts, ratings, turn latency, sessions per local hour. */
export interface RangeSpread {
  pass: number;
  fail: number;
  unclear: number;
  feedbackUp: number;
  feedbackDown: number;
  latency: number[];
  /** Sessions started in each local hour of the day (0–23). */
  hours: number[];
}

/** One folded group of hours: a local day, an agent or bot, a kind, a model and a price period. */
export interface AnalyticsDayRow extends DayFigures, RangeSpread {
  sourceId: string;
}

const int = (value: number) => sql.lit(Math.trunc(value));

/** The bucket's local time (ms since 1970 on the local calendar). */
function localTime(offsets: ZoneOffsets): RawBuilder<number> {
  const [first, ...rest] = offsets;
  if (!first) return sql<number>`hour_start`;
  if (rest.length === 0) return sql<number>`(hour_start + ${int(first.offsetMs)})`;
  const cases = rest.map(
    (segment, i) => sql`WHEN hour_start < ${int(segment.from)} THEN ${int(offsets[i]?.offsetMs ?? 0)}`,
  );
  const last = rest[rest.length - 1]?.offsetMs ?? 0;
  return sql<number>`(hour_start + CASE ${sql.join(cases, sql` `)} ELSE ${int(last)} END)`;
}

/** The rollup's per-day sums, by their column and their name in a row. */
export const FIGURE_SUMS = [
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
] as const;

/** Sums the page reports for the range as a whole: verdicts, and visitors' ratings (migration 028). */
export const VERDICT_SUMS = [
  ['verdict_pass', 'pass'],
  ['verdict_fail', 'fail'],
  ['verdict_unclear', 'unclear'],
  ['feedback_up', 'feedbackUp'],
  ['feedback_down', 'feedbackDown'],
] as const;

export const DAY_SUMS = [...FIGURE_SUMS, ...VERDICT_SUMS] as const;

const numbersOf = (row: Record<string, unknown>, sums: ReadonlyArray<readonly [string, string]>) =>
  Object.fromEntries(sums.map(([column, name]) => [name, Number(row[column] ?? 0)]));

/** A row of per-day sums (SQL's numbers, which PostgreSQL sends as text). */
export function toDayFigures(row: Record<string, unknown>): DayFigures {
  return {
    day: Number(row.day),
    kind: row.kind === 'chat' ? 'chat' : 'call',
    model: String(row.model),
    at: Number(row.at),
    ...(numbersOf(row, FIGURE_SUMS) as Record<(typeof FIGURE_SUMS)[number][1], number>),
  };
}

/** A row of verdict, latency and hour sums. */
export function toRangeSpread(row: Record<string, unknown>): RangeSpread {
  return {
    ...(numbersOf(row, VERDICT_SUMS) as Record<(typeof VERDICT_SUMS)[number][1], number>),
    latency: LATENCY_COLUMNS.map((column) => Number(row[column] ?? 0)),
    hours: HOUR_COLUMNS.map((column) => Number(row[column] ?? 0)),
  };
}

/**
 * The owner's hours [start, end) summed per local day, agent or bot, kind, model and price period:
 * `priceChanges` are the instants where any model's price changes, so each group is priced at one
 * price row. One index range of the rollup's key.
 */
export async function foldHours(
  db: Kysely<Database>,
  userId: string,
  span: { start: number; end: number },
  offsets: ZoneOffsets,
  priceChanges: readonly number[],
): Promise<AnalyticsDayRow[]> {
  const local = localTime(offsets);
  const inside = priceChanges.filter((at) => at > span.start && at < span.end);
  const period =
    inside.length === 0
      ? sql`0`
      : sql.join(
          inside.map((at) => sql`CASE WHEN hour_start >= ${int(at)} THEN 1 ELSE 0 END`),
          sql` + `,
        );
  const sums = [...DAY_SUMS.map(([column]) => column), ...LATENCY_COLUMNS].map(
    (column) => sql`sum(${sql.ref(column)}) AS ${sql.ref(column)}`,
  );
  const hourOfDay = sql`((${local} % ${int(DAY_MS)}) / ${int(HOUR_MS)})`;
  const hours = HOUR_COLUMNS.map(
    (column, hour) => sql`sum(CASE WHEN ${hourOfDay} = ${int(hour)} THEN sessions ELSE 0 END) AS ${sql.ref(column)}`,
  );
  const result = await sql<Record<string, unknown>>`
    SELECT ${local} / ${int(DAY_MS)} AS day, source_id, kind, model, ${period} AS period, min(hour_start) AS at,
      ${sql.join([...sums, ...hours])}
    FROM analytics_hours
    WHERE user_id = ${userId} AND hour_start >= ${int(span.start)} AND hour_start < ${int(span.end)}
    GROUP BY 1, 2, 3, 4, 5`.execute(db);
  return result.rows.map((row) => ({ ...toDayFigures(row), ...toRangeSpread(row), sourceId: String(row.source_id) }));
}

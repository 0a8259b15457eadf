/**
 * The Analytics day cache (migration 021): an owner's complete local days, folded per zone, and
 * the mark the rollup's trigger leaves where it changed. The reader (analytics/analyticsDaySource)
 * works through one owner's cache at a time, holding `withDayCache`: between taking the mark and
 * writing what it folded, no other reader can take a newer mark and leave stale days behind.
 */
import { type Insertable, type Kysely, sql } from 'kysely';
import {
  type AnalyticsDayRow,
  DAY_SUMS,
  type DayFigures,
  FIGURE_SUMS,
  type RangeSpread,
  toDayFigures,
  toRangeSpread,
  VERDICT_SUMS,
} from './analyticsHours.js';
import { isPostgres } from './dialect.js';
import { LATENCY_COLUMNS } from './migrations/020-analytics.js';
import { HOUR_OF_DAY_COLUMNS } from './migrations/021-analytics-days.js';
import type { AnalyticsDaysTable, Database } from './schema.js';

/** Rows a statement writes at once: 64 columns each stays under both databases' parameter limits. */
const CHUNK = 200;

/**
 * Runs `work` on one connection, alone for this owner: on PostgreSQL under a session advisory lock
 * (held across statements that each commit at once, so the rollup's writers never wait on it); on
 * SQLite the connection is the only one, and holding it is enough.
 */
export async function withDayCache<T>(
  db: Kysely<Database>,
  userId: string,
  work: (conn: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    if (!isPostgres(conn)) return work(conn);
    await sql`SELECT pg_advisory_lock(hashtext('analytics_days'), hashtext(${userId}))`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('analytics_days'), hashtext(${userId}))`.execute(conn);
    }
  });
}

/** The earliest hour the rollup changed at since the last call, and clears it; null when none. */
export async function takeDirtyMark(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db
    .deleteFrom('analytics_dirty')
    .where('user_id', '=', userId)
    .returning('from_hour')
    .executeTakeFirst();
  return row ? Number(row.from_hour) : null;
}

/** The mark as it stands, left in place. */
export async function dirtyMark(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('analytics_dirty')
    .select('from_hour')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.from_hour) : null;
}

/** Forgets the owner's folded days from `day` on, in every zone. */
export async function dropDaysFrom(db: Kysely<Database>, userId: string, day: number): Promise<void> {
  await db.deleteFrom('analytics_days').where('user_id', '=', userId).where('day', '>=', day).execute();
  await db.deleteFrom('analytics_cached_days').where('user_id', '=', userId).where('day', '>=', day).execute();
}

/** Which of the days are folded in this zone. */
export async function cachedDays(
  db: Kysely<Database>,
  userId: string,
  tz: string,
  fromDay: number,
  toDay: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('analytics_cached_days')
    .select('day')
    .where('user_id', '=', userId)
    .where('tz', '=', tz)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .execute();
  return new Set(rows.map((row) => Number(row.day)));
}

export interface CachedScope {
  userId: string;
  tz: string;
  fromDay: number;
  toDay: number;
  sourceId?: string | undefined;
  /** Days to leave out (folded afresh instead). */
  skipDays: readonly number[];
}

/**
 * The kept days' figures per day, kind and model, and their spread over the range, of one agent or
 * bot when `sourceId` is given. Summed in the database: a year is some 3,000 kept rows of 70
 * columns, which cost more to hand over than to add up.
 */
export async function cachedFigures(
  db: Kysely<Database>,
  scope: CachedScope,
): Promise<{ rows: DayFigures[]; spread: RangeSpread }> {
  const where = sql`user_id = ${scope.userId} AND tz = ${scope.tz} AND day >= ${scope.fromDay} AND day <= ${scope.toDay}
    ${scope.sourceId ? sql`AND source_id = ${scope.sourceId}` : sql``}
    ${scope.skipDays.length > 0 ? sql`AND day NOT IN (${sql.join(scope.skipDays)})` : sql``}`;
  const sum = (columns: readonly string[]) =>
    columns.map((column) => sql`sum(${sql.ref(column)}) AS ${sql.ref(column)}`);
  const days = await sql<Record<string, unknown>>`
    SELECT day, kind, model, min(at) AS at, ${sql.join(sum(FIGURE_SUMS.map(([column]) => column)))}
    FROM analytics_days WHERE ${where} GROUP BY day, kind, model`.execute(db);
  const spread = await sql<Record<string, unknown>>`
    SELECT ${sql.join(sum([...VERDICT_SUMS.map(([column]) => column), ...LATENCY_COLUMNS, ...HOUR_OF_DAY_COLUMNS]))}
    FROM analytics_days WHERE ${where}`.execute(db);
  return { rows: days.rows.map(toDayFigures), spread: toRangeSpread(spread.rows[0] ?? {}) };
}

function toCacheRow(userId: string, tz: string, row: AnalyticsDayRow): Insertable<AnalyticsDaysTable> {
  const sums = Object.fromEntries(DAY_SUMS.map(([column, name]) => [column, row[name]]));
  const record: Insertable<AnalyticsDaysTable> = {
    ...(sums as Record<(typeof DAY_SUMS)[number][0], number>),
    user_id: userId,
    tz,
    day: row.day,
    source_id: row.sourceId,
    model: row.model,
    kind: row.kind,
    at: row.at,
  };
  for (const [i, count] of row.latency.entries()) record[`latency_${i}`] = count;
  for (const [hour, count] of row.hours.entries()) record[`hour_${hour}`] = count;
  return record;
}

/**
 * Keeps the folded days (each whole: `rows` are all of their rows, one price period each). A day
 * another reader kept first stays as it is: both folded the same hours.
 */
export async function cacheDays(
  db: Kysely<Database>,
  userId: string,
  tz: string,
  days: readonly number[],
  rows: readonly AnalyticsDayRow[],
): Promise<void> {
  if (days.length === 0) return;
  const records = rows.map((row) => toCacheRow(userId, tz, row));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < records.length; i += CHUNK)
      await trx
        .insertInto('analytics_days')
        .values(records.slice(i, i + CHUNK))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    for (let i = 0; i < days.length; i += CHUNK)
      await trx
        .insertInto('analytics_cached_days')
        .values(days.slice(i, i + CHUNK).map((day) => ({ user_id: userId, tz, day })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
  });
}

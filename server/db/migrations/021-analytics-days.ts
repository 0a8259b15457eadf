/**
 * The Analytics page's day cache (issue 21, budget p99 ≤ 100 ms at a million sessions). A year of
 * one busy owner's rollup is some 70,000 hourly rows (migration 020): folding them into local
 * days took 150–700 ms a request. Past days rarely change, so each owner's complete local days
 * are kept folded, per time zone they were viewed in:
 * - analytics_days: one row per owner, zone, local day, agent or bot and model, with the rollup's
 *   sums plus the sessions started in each local hour of that day (for the busiest hours);
 * - analytics_cached_days: the days folded so far (a day with nothing in it has no row above);
 * - analytics_dirty: per owner, the earliest hour the rollup changed at since its cache was last
 *   checked, kept by a trigger on analytics_hours itself, so whatever writes the rollup (calls,
 *   answers, verdicts, backfills) marks the days it touches without knowing of the cache.
 * The reader (server/analytics/analyticsDaySource.ts) takes the mark, drops the days from it on
 * and folds again what it lacks. A cache row holds no words, and goes with its owner.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.js';
import { SUM_COLUMNS } from './020-analytics.js';

/** Sessions started in each local hour of the day: `hour_0` … `hour_23`. */
export const HOUR_OF_DAY_COLUMNS = Array.from({ length: 24 }, (_, i) => `hour_${i}`);

const MARK = `INSERT INTO analytics_dirty (user_id, from_hour) VALUES (NEW.user_id, NEW.hour_start)
  ON CONFLICT (user_id) DO UPDATE SET from_hour = excluded.from_hour
  WHERE excluded.from_hour < analytics_dirty.from_hour`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('analytics_days')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The IANA zone the days are local to.
    .addColumn('tz', 'text', (col) => col.notNull())
    // Days since 1970-01-01 on the zone's calendar.
    .addColumn('day', 'integer', (col) => col.notNull())
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    // The day's first hour with figures of this row (UTC ms): what prices them.
    .addColumn('at', 'bigint', (col) => col.notNull())
    .$call((table) =>
      [...SUM_COLUMNS, ...HOUR_OF_DAY_COLUMNS].reduce(
        (t, column) => t.addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0)),
        table,
      ),
    )
    .addPrimaryKeyConstraint('analytics_days_pk', ['user_id', 'tz', 'day', 'source_id', 'model'])
    .$call((table) => (postgres ? table : table.modifyEnd(sql`WITHOUT ROWID`)))
    .execute();
  await db.schema
    .createTable('analytics_cached_days')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tz', 'text', (col) => col.notNull())
    .addColumn('day', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_cached_days_pk', ['user_id', 'tz', 'day'])
    .$call((table) => (postgres ? table : table.modifyEnd(sql`WITHOUT ROWID`)))
    .execute();
  await db.schema
    .createTable('analytics_dirty')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('from_hour', 'bigint', (col) => col.notNull())
    .execute();

  if (postgres) {
    await sql
      .raw(`CREATE FUNCTION analytics_hours_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${MARK}; RETURN NULL; END
      $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER analytics_hours_dirty AFTER INSERT OR UPDATE ON analytics_hours
        FOR EACH ROW EXECUTE FUNCTION analytics_hours_dirty()`)
      .execute(db);
  } else {
    for (const event of ['INSERT', 'UPDATE'])
      await sql
        .raw(`CREATE TRIGGER analytics_hours_dirty_${event.toLowerCase()} AFTER ${event} ON analytics_hours
          BEGIN ${MARK}; END`)
        .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER analytics_hours_dirty ON analytics_hours').execute(db);
    await sql.raw('DROP FUNCTION analytics_hours_dirty()').execute(db);
  } else {
    await sql.raw('DROP TRIGGER analytics_hours_dirty_insert').execute(db);
    await sql.raw('DROP TRIGGER analytics_hours_dirty_update').execute(db);
  }
  await db.schema.dropTable('analytics_dirty').execute();
  await db.schema.dropTable('analytics_cached_days').execute();
  await db.schema.dropTable('analytics_days').execute();
}

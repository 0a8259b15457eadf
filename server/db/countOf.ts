/**
 * Counting rows the same way everywhere: PostgreSQL answers count(*) as a bigint, which the driver
 * hands over as a string, SQLite as a number; callers get a number either way.
 */
import type { SelectQueryBuilder } from 'kysely';

/** How many rows `query` (a select without its columns yet) finds. */
export async function countOf<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  // The row's type is named here: Kysely cannot work out a selection over a generic database.
  const row = await query
    .select((eb) => eb.fn.countAll().as('count'))
    .$castTo<{ count: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

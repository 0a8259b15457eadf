/**
 * Seeders of older releases (seedLegacy.ts, analyticsSeed.ts) write into databases migrated only
 * part of the way: each row keeps only the columns its table has there, so a migration that adds a
 * column (with its default) never breaks the tests of the migrations before it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';

export async function existingColumns<T extends Record<string, unknown>>(
  db: Kysely<Database>,
  table: string,
  row: T,
): Promise<Partial<T>> {
  const found = (await db.introspection.getTables()).find((t) => t.name === table);
  if (!found) throw new Error(`This database has no table ${table}`);
  const names = new Set(found.columns.map((column) => column.name));
  return Object.fromEntries(Object.entries(row).filter(([name]) => names.has(name))) as Partial<T>;
}

/** Inserts `row` into `table` with the columns the table has in this database. */
export async function insertExisting(db: Kysely<Database>, table: string, row: Record<string, unknown>): Promise<void> {
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await loose
    .insertInto(table)
    .values(await existingColumns(db, table, row))
    .execute();
}

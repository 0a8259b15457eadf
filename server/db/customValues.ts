/**
 * Custom values of one user (spec part 2 §3): named strings, unique per (user, name), read by
 * tool handlers as `values.NAME` and substituted in prompts as `{{NAME}}`.
 */
import type { Kysely } from 'kysely';
import type { CustomValue } from '../../shared/types/tool.js';
import { compareNames } from './compareNames.js';
import { isUniqueViolation } from './errors.js';
import type { Database } from './schema.js';
import { deletedAny, updatedAny } from './writeResults.js';

/** Sorted by name (case-insensitive, then exact), the same on SQLite and PostgreSQL. */
export async function listCustomValues(db: Kysely<Database>, userId: string): Promise<CustomValue[]> {
  const rows = await db.selectFrom('custom_values').select(['name', 'value']).where('user_id', '=', userId).execute();
  return rows.sort((a, b) => compareNames(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** name → value, what a handler sees as `values` and what `{{NAME}}` substitution reads. */
export async function customValuesMap(db: Kysely<Database>, userId: string): Promise<Record<string, string>> {
  const rows = await db.selectFrom('custom_values').select(['name', 'value']).where('user_id', '=', userId).execute();
  const map: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const row of rows) map[row.name] = row.value;
  return map;
}

/**
 * Creates the value or replaces the value of an existing name; says which it did. Update first,
 * then insert: when two saves of a new name race, the loser's insert hits the primary key and
 * becomes an update. The route saves under the owner's lock (db/ownerLock.ts), so saves of one
 * user take turns there and the insert cannot lose inside its transaction.
 */
export async function saveCustomValue(
  db: Kysely<Database>,
  userId: string,
  value: CustomValue,
  now: number,
): Promise<'created' | 'updated'> {
  const update = async () => {
    return updatedAny(
      db
        .updateTable('custom_values')
        .set({ value: value.value, updated_at: now })
        .where('user_id', '=', userId)
        .where('name', '=', value.name),
    );
  };
  if (await update()) return 'updated';
  try {
    await db
      .insertInto('custom_values')
      .values({ user_id: userId, name: value.name, value: value.value, created_at: now, updated_at: now })
      .execute();
    return 'created';
  } catch (error) {
    if (isUniqueViolation(error) && (await update())) return 'updated';
    throw error;
  }
}

/** True when a value was deleted. */
export async function deleteCustomValue(db: Kysely<Database>, userId: string, name: string): Promise<boolean> {
  return deletedAny(db.deleteFrom('custom_values').where('user_id', '=', userId).where('name', '=', name));
}

/** How many values the user has, and whether `name` is one of them (a save then updates it). */
export async function customValueCount(
  db: Kysely<Database>,
  userId: string,
  name: string,
): Promise<{ count: number; hasName: boolean }> {
  const rows = await db.selectFrom('custom_values').select('name').where('user_id', '=', userId).execute();
  return { count: rows.length, hasName: rows.some((row) => row.name === name) };
}

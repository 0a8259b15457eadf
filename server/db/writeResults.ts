/**
 * Whether a delete or an update found its row: Kysely counts the rows a write touched as a bigint,
 * and the repositories answer "was there such a row" (false: none, or not the user's).
 */
import type { DeleteResult, UpdateResult } from 'kysely';

/** True when the delete removed at least one row. */
export async function deletedAny(query: { executeTakeFirst: () => Promise<DeleteResult> }): Promise<boolean> {
  return Number((await query.executeTakeFirst()).numDeletedRows) > 0;
}

/** True when the update changed at least one row. */
export async function updatedAny(query: { executeTakeFirst: () => Promise<UpdateResult> }): Promise<boolean> {
  return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
}

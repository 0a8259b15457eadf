/**
 * The custom values of one user (spec part 2 §4, §7) as use cases the routes call. Saving a name
 * the user already has is an update and always allowed; a new name counts towards the quota,
 * counted under the owner's lock so concurrent saves cannot pass it together.
 */
import type { Kysely } from 'kysely';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { CustomValue } from '../../shared/types/tool.js';
import { notFound, quotaExceeded } from '../core/AppError.js';
import { customValueCount, deleteCustomValue, listCustomValues, saveCustomValue } from '../db/customValues.js';
import { withOwnerLock } from '../db/ownerLock.js';
import type { Database } from '../db/schema.js';

export async function listUserCustomValues(db: Kysely<Database>, userId: string): Promise<CustomValue[]> {
  return listCustomValues(db, userId);
}

/** `value` is already checked (customValueOf); answers whether the name was new. */
export async function storeCustomValue(
  db: Kysely<Database>,
  userId: string,
  value: CustomValue,
  now: number,
): Promise<'created' | 'updated'> {
  return withOwnerLock(db, userId, async (trx) => {
    const { count, hasName } = await customValueCount(trx, userId, value.name);
    if (!hasName && count >= USER_QUOTAS.customValues) throw quotaExceeded('customValues', 'custom values per user');
    return saveCustomValue(trx, userId, value, now);
  });
}

export async function removeCustomValue(db: Kysely<Database>, userId: string, name: string): Promise<void> {
  if (!(await deleteCustomValue(db, userId, name))) throw notFound('Custom value not found');
}

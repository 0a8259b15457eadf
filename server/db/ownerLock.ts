/**
 * Quota checks count a user's rows and then write one: two concurrent requests must not both
 * count below the limit. Each such write runs in a transaction that first writes the owner's user
 * row (a no-op update): PostgreSQL holds that row lock until commit, so the writes of one user
 * take turns across server instances; on SQLite the transaction is the single writer anyway.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export async function withOwnerLock<T>(
  db: Kysely<Database>,
  userId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', userId)
      .execute();
    return work(trx);
  });
}

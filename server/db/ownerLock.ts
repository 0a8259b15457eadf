/**
 * Quota checks count a user's rows and then write one: two concurrent requests must not both
 * count below the limit. Each such write runs in a transaction that first writes the owner's user
 * row (a no-op update): PostgreSQL holds that row lock until commit, so the writes of one user
 * take turns across server instances; on SQLite the transaction is the single writer anyway.
 * Other per-owner sequences take the same lock: ended_seq (db/sessions.ts, db/callSweep.ts) and
 * moving a phone number (db/phoneAssociations.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export async function withOwnerLock<T>(
  db: Kysely<Database>,
  userId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // Not `id = id`: SQLite would then check every table whose foreign key refers to the user.
    await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', userId)
      .execute();
    return work(trx);
  });
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Runs `work` in the caller's transaction when `db` is one, else in a new one (Kysely does not nest them). */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

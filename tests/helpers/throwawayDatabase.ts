/**
 * A migrated Switchboard database on a throwaway PostgreSQL cluster of the test's own
 * (throwawayPostgres.ts), opened the way the server opens it, for tests of PostgreSQL-only parts.
 */
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../server/db/migrate.js';
import { openDatabase } from '../../server/db/openDatabase.js';
import type { Database } from '../../server/db/schema.js';
import { createThrowawayPostgres, type ThrowawayPostgres } from './throwawayPostgres.js';

export interface ThrowawayDatabase {
  pg: ThrowawayPostgres;
  url: string;
  /** Opens another pool on the database (another instance's). */
  open: () => Kysely<Database>;
  destroy: () => Promise<void>;
}

export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const pg = await createThrowawayPostgres();
  const opened: Array<Kysely<Database>> = [];
  const open = () => {
    const db = openDatabase({ databaseUrl: pg.url, dataDir: '/nonexistent' });
    opened.push(db);
    return db;
  };
  try {
    await migrateToLatest(open());
  } catch (error) {
    await pg.destroy();
    throw error;
  }
  return {
    pg,
    url: pg.url,
    open,
    destroy: async () => {
      await Promise.all(opened.map((db) => db.destroy().catch(() => undefined)));
      await pg.destroy();
    },
  };
}

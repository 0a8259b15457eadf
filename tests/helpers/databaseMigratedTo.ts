/**
 * A database of the test's own (this pass's engine, in a fresh DATA_DIR) migrated up to and
 * including `last`, for tests of a later migration on the data made before it. `close` drops the
 * database and its folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator } from 'kysely';
import { loadConfig } from '../../server/config.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { openDatabase } from '../../server/db/openDatabase.js';
import type { Database } from '../../server/db/schema.js';
import { ownTestDatabase } from './testDatabase.js';

export interface MigratedDatabase {
  db: Kysely<Database>;
  close: () => Promise<void>;
}

export async function databaseMigratedTo(last: string): Promise<MigratedDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-migration-'));
  const own = await ownTestDatabase('sb_migration');
  const db = openDatabase({ ...loadConfig({ DATA_DIR: dataDir }), databaseUrl: own.databaseUrl });
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo(last);
  if (error) throw error;
  return {
    db,
    close: async () => {
      await db.destroy();
      await own.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

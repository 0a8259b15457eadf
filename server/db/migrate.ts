import { Migrator, sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import type { Database } from './schema.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * The migrator of our migrations. On PostgreSQL its bookkeeping tables are placed in the current
 * schema by name: left unnamed, Kysely takes them for existing when any schema of the database has
 * tables of those names (another instance's, another app's) and then fails on the first fresh
 * schema with `relation "kysely_migration_lock" does not exist`.
 */
export async function createMigrator(db: Kysely<Database>): Promise<Migrator> {
  const schema = isPostgres(db) ? (await sql<{ name: string | null }>`SELECT current_schema() AS name`.execute(db)).rows[0]?.name : null;
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    // Steps built in parallel hold numbers given out in advance and may land out of order (005
    // after 008): a database migrated before a lower number landed still takes it.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Brings the database to the latest schema; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = await createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

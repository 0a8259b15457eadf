import { type Kysely, Migrator, sql } from 'kysely';
import { isPostgres } from './dialect.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Database } from './schema.js';

/**
 * Brings the database to the latest schema; throws with the failing migration's name. On
 * PostgreSQL, instances that start together take turns: a session advisory lock (per schema, so
 * deployments sharing a database in different schemas do not wait for each other) is held around
 * the whole run, and whoever comes second finds nothing left to do. Kysely also locks while it
 * applies migrations, and copes with racing creations of its bookkeeping tables; this lock makes
 * the rule plain and whole (one instance runs everything, bookkeeping included, the others wait)
 * rather than resting on how a library's internals happen to interleave.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (!isPostgres(db)) return runMigrations(db);
  // The lock lives on one pooled connection while the migrations use others.
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtextextended(current_schema() || ':switchboard-migrations', 0))`.execute(
      connection,
    );
    try {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(connection);
      return await runMigrations(db, rows[0]?.schema);
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(current_schema() || ':switchboard-migrations', 0))`.execute(
        connection,
      );
    }
  });
}

/**
 * `schema` names where Kysely keeps its bookkeeping tables: without it Kysely looks for them in
 * every schema of the database, finds another deployment's (another schema's) and never creates
 * its own. It is the schema the tables are in anyway (the search path's first).
 */
async function runMigrations(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => MIGRATIONS },
    // Steps built in parallel hold numbers given out in advance and may land out of order (005
    // after 008): a database migrated before a lower number landed still takes it.
    allowUnorderedMigrations: true,
  });
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

/**
 * Which database a Kysely instance talks to, for the few places where SQLite and PostgreSQL need
 * different SQL (full-text search: FTS5 against tsvector, migration 007).
 */
import { PostgresAdapter } from 'kysely';

/** Anything with Kysely's executor: a typed instance, a transaction, or a migration's untyped one. */
interface HasExecutor {
  getExecutor(): { readonly adapter: unknown };
}

export function isPostgres(db: HasExecutor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

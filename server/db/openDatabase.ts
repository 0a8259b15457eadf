/**
 * Opens the database: PostgreSQL when DATABASE_URL is set, otherwise SQLite in DATA_DIR.
 * Both go through Kysely so repositories and migrations are the same for either.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export const SQLITE_FILE_NAME = 'switchboard.db';

const PG_INT8 = 20;

function openSqlite(dataDir: string): Kysely<Database> {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, SQLITE_FILE_NAME));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

function openPostgres(connectionString: string): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString,
    // Millisecond timestamps are bigint columns; read them as numbers (safe below 2^53)
    // without changing pg's global type parsers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the configured database (not yet migrated: see migrateToLatest). */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Kysely<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openSqlite(config.dataDir);
}

/**
 * Opens the database: PostgreSQL when DATABASE_URL is set, otherwise SQLite in DATA_DIR.
 * Both go through Kysely so repositories and migrations are the same for either.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { cachedStatements } from './cachedStatements.js';
import { GuardedPostgresPool } from './GuardedPostgresPool.js';
import type { Database } from './schema.js';

export const SQLITE_FILE_NAME = 'switchboard.db';

const PG_INT8 = 20;

/**
 * The database holds password hashes and encrypted secrets: only its owner may read it, like the
 * key file (issue 7, finding 10). The file is created 0600 before SQLite opens it, because SQLite
 * gives its -wal and -shm files the mode of the database file; files an earlier version left
 * world-readable are narrowed. A data folder we create is 0700; an existing one is the operator's.
 */
function openSqlite(dataDir: string): Kysely<Database> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  closeSync(openSync(file, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // A commit writes its transaction to the WAL file before better-sqlite3 returns, so an answered
  // write survives the process being killed (kill -9, a crash, the OOM killer): the operating
  // system holds the written pages. NORMAL leaves out the fsync of every commit (FULL, SQLite's
  // default, cost 1.35 ms a commit here against 0.07 ms, and better-sqlite3 waits for it on the
  // event loop, stalling every call's audio); the WAL is synced before each checkpoint. After a
  // power cut or an operating system crash the commits since the last sync may be rolled back,
  // but the database stays consistent. Whoever needs each answered write to survive a power cut
  // runs on PostgreSQL (synchronous_commit is on by default there).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
}

/** How long a statement may run before PostgreSQL cancels it; startServer lifts it for migrations. */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** A new connection that is not up by then fails (a host that drops packets would hang for minutes). */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * The client's own wait for an answer, past the statement timeout: it only fires when the server
 * cannot answer at all (the network to it cut), where TCP would wait for many minutes.
 */
const QUERY_READ_MARGIN_MS = 5_000;

export interface OpenDatabaseOptions {
  /** PostgreSQL statement timeout; 0 lets statements run as long as they need (migrations). */
  statementTimeoutMs?: number;
}

function openPostgres(connectionString: string, statementTimeoutMs: number): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + QUERY_READ_MARGIN_MS }
      : {}),
    // Idle connections to a host that vanished are found and dropped rather than handed out.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Millisecond timestamps are bigint columns; read them as numbers (safe below 2^53)
    // without changing pg's global type parsers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that breaks (PostgreSQL restarted) is an 'error' on the pool: unhandled, it
  // would end the process. pg has already dropped that client and the next query connects anew,
  // so there is nothing to do but say so, once per outage rather than once per pooled connection.
  let lastReport = 0;
  pool.on('error', (error) => {
    if (Date.now() - lastReport < CONNECT_TIMEOUT_MS) return;
    lastReport = Date.now();
    process.stderr.write(`PostgreSQL connection lost (${error.message}); reconnecting on the next query\n`);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new GuardedPostgresPool(pool) }) });
}

/** Opens the configured database (not yet migrated: see migrateToLatest). */
export function openDatabase(
  config: { databaseUrl: string | null; dataDir: string },
  options: OpenDatabaseOptions = {},
): Kysely<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS)
    : openSqlite(config.dataDir);
}

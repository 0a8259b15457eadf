/**
 * Which database the server suites run on (issue 12, "PostgreSQL is tested, always"). By default
 * each test app gets SQLite in its temp DATA_DIR. With SWITCHBOARD_TEST_DB=postgres (what
 * `npm run test:pg` sets) each one gets a throwaway database on the PostgreSQL server that
 * SWITCHBOARD_TEST_DATABASE_URL names, so the same suites run unchanged on both. A database each
 * rather than a schema each: the migrator looks at the tables of every schema of its database,
 * and failed when another test dropped its schema at that moment.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/** A PostgreSQL server, as a user who may create databases (`postgres://user@host:port/db`). */
export const POSTGRES_TEST_URL = process.env.SWITCHBOARD_TEST_DATABASE_URL || undefined;

function testDatabaseKind(value: string | undefined): TestDatabaseKind {
  if (value === undefined || value === '' || value === 'sqlite') return 'sqlite';
  if (value !== 'postgres') throw new Error(`SWITCHBOARD_TEST_DB is "${value}"; use "sqlite" or "postgres"`);
  if (!POSTGRES_TEST_URL) {
    throw new Error(
      'SWITCHBOARD_TEST_DB=postgres needs SWITCHBOARD_TEST_DATABASE_URL (or run `npm run test:pg`, which starts a throwaway cluster)',
    );
  }
  return 'postgres';
}

/** The database of this run's test apps. */
export const TEST_DATABASE: TestDatabaseKind = testDatabaseKind(process.env.SWITCHBOARD_TEST_DB);

/** Runs one statement on SWITCHBOARD_TEST_DATABASE_URL's database. */
export async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export interface TestPostgresDatabase {
  /** SWITCHBOARD_TEST_DATABASE_URL naming this database. */
  url: string;
  name: string;
  /** Drops it, ending any connection still open to it. */
  drop: () => Promise<void>;
}

/**
 * A database migrated to the latest version that `npm run test:pg` makes once per run
 * (tests/postgresPass.ts), so a test app's database is a copy of it instead of 14 migrations run
 * again: about a quarter of a second less for each of the pass's hundreds of test apps.
 */
export const MIGRATED_TEMPLATE = process.env.SWITCHBOARD_TEST_MIGRATED_TEMPLATE || undefined;

/**
 * A new database on the test PostgreSQL server: empty (not migrated), or with `migrated` a copy
 * of MIGRATED_TEMPLATE where the pass made one (otherwise empty, and the caller migrates it).
 */
export async function createTestDatabase(prefix = 'sb_test', migrated = false): Promise<TestPostgresDatabase> {
  if (!POSTGRES_TEST_URL) throw new Error('a PostgreSQL test database needs SWITCHBOARD_TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${migrated && MIGRATED_TEMPLATE ? ` TEMPLATE ${MIGRATED_TEMPLATE}` : ''}`);
  const url = new URL(POSTGRES_TEST_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface OwnTestDatabase {
  /** null: SQLite in the test's DATA_DIR. */
  databaseUrl: string | null;
  drop: () => Promise<void>;
}

/**
 * A database of the test's own on this run's database, for tests that open the database or start
 * the server themselves: nothing on SQLite (the DATA_DIR holds it), a new database on PostgreSQL,
 * empty or (`migrated`, for callers that migrate it to the latest version anyway) possibly migrated.
 */
export async function ownTestDatabase(prefix = 'sb_own', migrated = false): Promise<OwnTestDatabase> {
  if (TEST_DATABASE === 'sqlite') return { databaseUrl: null, drop: async () => undefined };
  const database = await createTestDatabase(prefix, migrated);
  return { databaseUrl: database.url, drop: database.drop };
}

/** The error of a write that breaks a unique index, as SQLite and PostgreSQL word it. */
export const UNIQUE_VIOLATION = /UNIQUE constraint failed|violates unique constraint/;

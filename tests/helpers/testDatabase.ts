/**
 * Which database the server suites run on (issue 12, "PostgreSQL is tested, always"). By default
 * each test app gets SQLite in its temp DATA_DIR. With SWITCHBOARD_TEST_DB=postgres (what
 * `npm run test:pg` sets) each one gets a throwaway schema of the PostgreSQL that
 * SWITCHBOARD_TEST_DATABASE_URL names, so the same suites run unchanged on both.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/** A database the tests may create and drop schemas in (`postgres://user@host:port/db`). */
export const POSTGRES_TEST_URL = process.env.SWITCHBOARD_TEST_DATABASE_URL || undefined;

function testDatabaseKind(value: string | undefined): TestDatabaseKind {
  if (value === undefined || value === '' || value === 'sqlite') return 'sqlite';
  if (value !== 'postgres') throw new Error(`SWITCHBOARD_TEST_DB is "${value}"; use "sqlite" or "postgres"`);
  if (!POSTGRES_TEST_URL) {
    throw new Error('SWITCHBOARD_TEST_DB=postgres needs SWITCHBOARD_TEST_DATABASE_URL (or run `npm run test:pg`, which starts a throwaway cluster)');
  }
  return 'postgres';
}

/** The database of this run's test apps. */
export const TEST_DATABASE: TestDatabaseKind = testDatabaseKind(process.env.SWITCHBOARD_TEST_DB);

/** Runs one statement on the test database as its administrator. */
export async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export interface TestSchema {
  /** SWITCHBOARD_TEST_DATABASE_URL with this schema as the search path. */
  url: string;
  name: string;
  drop: () => Promise<void>;
}

/** A new, empty schema on the test PostgreSQL (not migrated). */
export async function createTestSchema(prefix = 'sb_test'): Promise<TestSchema> {
  if (!POSTGRES_TEST_URL) throw new Error('a PostgreSQL test schema needs SWITCHBOARD_TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE SCHEMA ${name}`);
  const url = new URL(POSTGRES_TEST_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return { url: url.toString(), name, drop: () => adminQuery(`DROP SCHEMA IF EXISTS ${name} CASCADE`) };
}

export interface OwnTestDatabase {
  /** null: SQLite in the test's DATA_DIR. */
  databaseUrl: string | null;
  drop: () => Promise<void>;
}

/**
 * An empty database of the test's own on this run's database, for tests that open the database or
 * start the server themselves: nothing on SQLite (the DATA_DIR holds it), a new schema on PostgreSQL.
 */
export async function ownTestDatabase(prefix = 'sb_own'): Promise<OwnTestDatabase> {
  if (TEST_DATABASE === 'sqlite') return { databaseUrl: null, drop: async () => undefined };
  const schema = await createTestSchema(prefix);
  return { databaseUrl: schema.url, drop: schema.drop };
}

/** The error of a write that breaks a unique index, as SQLite and PostgreSQL word it. */
export const UNIQUE_VIOLATION = /UNIQUE constraint failed|violates unique constraint/;

/**
 * A test app on PostgreSQL in a throwaway schema, when SWITCHBOARD_TEST_DATABASE_URL names a
 * database the test may create schemas in (suites skip without it).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestApp, type TestApp, type TestAppOptions } from './serverApp.js';

export const POSTGRES_TEST_URL = process.env.SWITCHBOARD_TEST_DATABASE_URL;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await client.connect();
  await client.query(query);
  await client.end();
}

/** The app, with `close` also dropping its schema. */
export async function createPostgresTestApp(prefix: string, options: TestAppOptions = {}): Promise<TestApp> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(POSTGRES_TEST_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const t = await createTestApp({ ...options, config: { ...options.config, databaseUrl: url.toString() } });
  return {
    ...t,
    close: async () => {
      await t.close();
      await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}

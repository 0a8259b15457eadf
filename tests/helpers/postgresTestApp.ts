/**
 * A test app on a throwaway schema of the PostgreSQL database named by
 * SWITCHBOARD_TEST_DATABASE_URL (suites skip when it is unset). `close()` drops the schema.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestApp, type TestApp } from './serverApp.js';

export const POSTGRES_TEST_URL = process.env.SWITCHBOARD_TEST_DATABASE_URL;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await client.connect();
  await client.query(query);
  await client.end();
}

export async function createPostgresTestApp(prefix: string): Promise<{ t: TestApp; close: () => Promise<void> }> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(POSTGRES_TEST_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const t = await createTestApp({ config: { databaseUrl: url.toString() } });
  return {
    t,
    close: async () => {
      await t.close();
      await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}

/**
 * A test app on a throwaway PostgreSQL database, for the suites that exist for PostgreSQL alone
 * (they run on the PostgreSQL pass: tests/serverSuites.ts). It needs SWITCHBOARD_TEST_DATABASE_URL.
 */
import { createTestApp, type TestApp, type TestAppOptions } from './serverApp.js';
import { createTestDatabase, POSTGRES_TEST_URL } from './testDatabase.js';

export { POSTGRES_TEST_URL };

/** The app, with `close` also dropping its database. */
export async function createPostgresTestApp(prefix: string, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(prefix, true);
  const t = await createTestApp({ ...options, config: { ...options.config, databaseUrl: database.url } });
  return {
    ...t,
    close: async () => {
      await t.close();
      await database.drop();
    },
  };
}

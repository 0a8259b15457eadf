import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { NoSkipsReporter } from './helpers/NoSkipsReporter.js';
import { DATABASE_FREE, SQLITE_ONLY } from './serverSuites.js';

const root = fileURLToPath(new URL('..', import.meta.url));

// The PostgreSQL pass (`npm run test:pg`, tests/postgresPass.ts, which provides the database):
// the server suites with every test app in a throwaway schema (tests/helpers/testDatabase.ts).
export default defineConfig({
  root,
  test: {
    name: 'postgres',
    environment: 'node',
    include: ['tests/server/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...Object.keys(SQLITE_ONLY), ...Object.keys(DATABASE_FREE)],
    env: { SWITCHBOARD_TEST_DB: 'postgres' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Files wait on PostgreSQL more than they compute, so more of them run at once than there are
    // cores (vitest's default is one fewer than the cores: a single worker on a 2-core CI runner).
    maxWorkers: 3,
    // Files of one worker share the imported server modules instead of loading them again each
    // (loading was most of the pass's time); every test app still has its own schema.
    isolate: false,
    reporters: process.env.CI === 'true' ? ['default', new NoSkipsReporter()] : ['default'],
  },
});

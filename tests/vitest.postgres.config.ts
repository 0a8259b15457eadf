import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { NoSkipsReporter } from './helpers/NoSkipsReporter.js';
import { checkServerSuiteLists, DATABASE_FREE, SQLITE_ONLY } from './serverSuites.js';

const root = fileURLToPath(new URL('..', import.meta.url));
checkServerSuiteLists(root);

// The PostgreSQL pass (`npm run test:pg`, tests/postgresPass.ts, which provides the database):
// the server suites with every test app on a throwaway database (tests/helpers/testDatabase.ts).
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
    // A file per core: files wait on PostgreSQL much of the time, so vitest's default (one fewer
    // than the cores, a single worker on a 2-core CI runner) leaves a core idle. More than the
    // cores saved little here (98 s against 117 s at 2) and squeezes the tests that time CPU
    // work (the sandbox's deadlines).
    maxWorkers: Math.max(2, availableParallelism()),
    // Files of one worker share the imported server modules instead of loading them again each
    // (loading was most of the pass's time); every test app still has its own database.
    isolate: false,
    reporters: process.env.CI === 'true' ? ['default', new NoSkipsReporter()] : ['default'],
  },
});

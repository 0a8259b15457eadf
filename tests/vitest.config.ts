import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { filesNeedingFreshModules } from './helpers/filesNeedingFreshModules.js';
import { NoSkipsReporter } from './helpers/NoSkipsReporter.js';
import { checkServerSuiteLists, DATABASE_FREE, POSTGRES_ONLY, SQLITE_ONLY } from './serverSuites.js';

const root = fileURLToPath(new URL('..', import.meta.url));
checkServerSuiteLists(root);

// Most files of a worker share one module graph (`isolate: false`): loading the server or the
// console again for every file was most of the run's time. These get fresh modules (vitest's
// default): suites that start processes or workers of their own, time CPU work or read
// process-wide state, and files that mock modules.
const ISOLATED_SERVER = [
  ...Object.keys(SQLITE_ONLY),
  ...Object.keys(DATABASE_FREE),
  ...filesNeedingFreshModules(root, 'tests/server'),
];
const ISOLATED_CONSOLE = filesNeedingFreshModules(root, 'tests/console');
const CONSOLE_PROJECT = {
  environment: 'happy-dom' as const,
  setupFiles: ['tests/helpers/consoleSetup.ts'],
  testTimeout: 20_000,
};

// Node for server and shared; happy-dom for console and widget. Each widget/console file picks
// its JSX runtime from the nearest tsconfig, so no global jsxImportSource is set here. The server
// suites run on SQLite here and again on PostgreSQL in `npm run test:pg` (vitest.postgres.config.ts).
export default defineConfig({
  root,
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on CI's two.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: process.env.CI === 'true' ? ['default', new NoSkipsReporter()] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...Object.keys(POSTGRES_ONLY), ...ISOLATED_SERVER],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // Every test app still has its own database.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [...ISOLATED_SERVER, 'tests/shared/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          ...CONSOLE_PROJECT,
          name: 'console',
          include: ['tests/console/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...ISOLATED_CONSOLE],
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: { ...CONSOLE_PROJECT, name: 'console-fresh', include: ISOLATED_CONSOLE },
      },
      {
        extends: true,
        test: {
          name: 'widget',
          environment: 'happy-dom',
          include: ['tests/widget/**/*.test.{ts,tsx}'],
          // The widget's real stylesheet, so tests can check which custom property each rule reads.
          css: { include: [/widget\/styles\.css/] },
          testTimeout: 20_000,
        },
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
      },
    ],
  },
});

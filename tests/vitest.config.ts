import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { NoSkipsReporter } from './helpers/NoSkipsReporter.js';
import { checkServerSuiteLists, POSTGRES_ONLY } from './serverSuites.js';

const root = fileURLToPath(new URL('..', import.meta.url));
checkServerSuiteLists(root);

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
          name: 'node',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...Object.keys(POSTGRES_ONLY)],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'console',
          environment: 'happy-dom',
          include: ['tests/console/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/consoleSetup.ts'],
          testTimeout: 20_000,
        },
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

/**
 * `npm run test:pg`: the server suites again, on PostgreSQL (issue 12, "PostgreSQL is tested,
 * always"). On the PostgreSQL that SWITCHBOARD_TEST_DATABASE_URL names when it is set; otherwise
 * on a throwaway cluster started here (as the `postgres` user when run as root) and removed at
 * the end. Without PostgreSQL server binaries the pass is skipped with a note, except under
 * CI=true, where that fails. Arguments go to vitest (`npm run test:pg -- tests/server/agents-crud`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { openDatabase } from '../server/db/openDatabase.js';
import {
  createThrowawayPostgres,
  type ThrowawayPostgres,
  throwawayPostgresUnavailable,
} from './helpers/throwawayPostgres.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitestBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const underCi = process.env.CI === 'true';
const started = performance.now();
const say = (line: string) => process.stdout.write(`[test:pg] ${line}\n`);

/** Vitest on the PostgreSQL at `url`, with a migrated database the test apps copy (MIGRATED_TEMPLATE). */
async function runVitest(url: string, args: string[]): Promise<number> {
  const template = await createMigratedTemplate(url);
  try {
    return await runVitestOn(url, template.name, args);
  } finally {
    await template.drop();
  }
}

async function createMigratedTemplate(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `sb_migrated_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const at = new URL(url);
  at.pathname = `/${name}`;
  const db = openDatabase({ ...loadConfig({ DATA_DIR: tmpdir(), LOG_LEVEL: 'silent' }), databaseUrl: at.toString() });
  try {
    await migrateToLatest(db);
  } finally {
    // A template is copied only while nobody is connected to it.
    await db.destroy();
  }
  return { name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function runVitestOn(url: string, template: string, args: string[]): Promise<number> {
  const child = spawn(process.execPath, [vitestBin, 'run', '-c', 'tests/vitest.postgres.config.ts', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      SWITCHBOARD_TEST_DB: 'postgres',
      SWITCHBOARD_TEST_DATABASE_URL: url,
      SWITCHBOARD_TEST_MIGRATED_TEMPLATE: template,
    },
  });
  // Ctrl-C reaches vitest through the terminal; a plain SIGTERM to this program is passed on.
  const forward = () => child.kill('SIGTERM');
  process.once('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const given = process.env.SWITCHBOARD_TEST_DATABASE_URL;
  if (given) {
    say(`on SWITCHBOARD_TEST_DATABASE_URL (${new URL(given).host})`);
    return runVitest(given, args);
  }
  const unavailable = throwawayPostgresUnavailable();
  if (unavailable) {
    const how =
      'To run it, install the PostgreSQL server (Debian/Ubuntu: apt-get install postgresql; elsewhere set PG_BIN to its bin folder), ' +
      'or set SWITCHBOARD_TEST_DATABASE_URL=postgres://user:password@host:5432/postgres (a user who may create databases: each test app gets one).';
    if (underCi) {
      process.stderr.write(
        `[test:pg] FAILED: under CI the server suites must run on PostgreSQL, and ${unavailable}.\n${how}\n`,
      );
      return 1;
    }
    say(`SKIPPED the PostgreSQL pass: ${unavailable}.`);
    say(how);
    return 0;
  }
  let cluster: ThrowawayPostgres | undefined;
  const cleanUp = async () => {
    await cluster?.destroy();
    cluster = undefined;
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  try {
    cluster = await createThrowawayPostgres({ durable: false, maxConnections: 300 });
    say(`on a throwaway cluster at ${cluster.url} (started in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return await runVitest(cluster.url, args);
  } finally {
    await cleanUp();
  }
}

const code = await main();
say(`finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(code);

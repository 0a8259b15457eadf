/**
 * A PostgreSQL cluster of the test's own, in a temp folder on a free port, that the test can stop
 * and start again (issue 12, the database restarted mid-traffic), and the one `npm run test:pg`
 * runs the server suites on. It needs the PostgreSQL server binaries: PG_BIN, else the newest of
 * Debian's /usr/lib/postgresql/<version>/bin. PostgreSQL refuses to run as root, so as root the
 * cluster runs as the `postgres` user; any other user runs it as themselves.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './freePort.js';

const run = promisify(execFile);
const DEBIAN_VERSIONS = '/usr/lib/postgresql';
const RUN_AS = 'postgres';

/** PG_BIN, else the bin folder of the newest PostgreSQL Debian installed (its packages allow several side by side). */
function findBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync(DEBIAN_VERSIONS)
    ? readdirSync(DEBIAN_VERSIONS)
        .filter((name) => /^\d+$/.test(name) && existsSync(path.join(DEBIAN_VERSIONS, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(DEBIAN_VERSIONS, versions[0], 'bin') : null;
}

const BIN = findBin();

/** Why the cluster cannot run here, or null when it can. */
export function throwawayPostgresUnavailable(): string | null {
  if (process.platform !== 'linux') return 'a throwaway PostgreSQL runs on Linux only';
  if (BIN === null)
    return `no PostgreSQL server binaries in ${DEBIAN_VERSIONS}/<version>/bin (install postgresql, or set PG_BIN)`;
  if (!existsSync(path.join(BIN, 'pg_ctl'))) return `no PostgreSQL server binaries in PG_BIN (${BIN})`;
  if (userInfo().uid !== 0) return null;
  try {
    execFileSync('id', ['-u', RUN_AS], { stdio: 'ignore' });
    return null;
  } catch {
    return `running as root, and there is no ${RUN_AS} user to run PostgreSQL as`;
  }
}

export interface ThrowawayPostgres {
  url: string;
  start: () => Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are ended, in-flight transactions rolled back. */
  stop: () => Promise<void>;
  /** Stops the cluster if it runs and deletes its folder. */
  destroy: () => Promise<void>;
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/** Runs a PostgreSQL program as the cluster's owner. */
async function pg(program: string, args: string[]): Promise<void> {
  if (BIN === null) throw new Error(throwawayPostgresUnavailable() ?? 'no PostgreSQL server binaries');
  const file = path.join(BIN, program);
  if (userInfo().uid !== 0) {
    await run(file, args);
    return;
  }
  await run('su', [RUN_AS, '-s', '/bin/sh', '-c', [file, ...args].map(quote).join(' ')]);
}

export interface ThrowawayPostgresOptions {
  /**
   * false: no fsync, asynchronous commits, no full-page writes: much faster, and fine for a cluster
   * nothing outlives (an orderly or fast stop still writes everything). Default true.
   */
  durable?: boolean;
  maxConnections?: number;
}

export async function createThrowawayPostgres(options: ThrowawayPostgresOptions = {}): Promise<ThrowawayPostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'switchboard-pg-'));
  if (userInfo().uid === 0) {
    const { stdout } = await run('id', ['-u', RUN_AS]);
    const { stdout: gid } = await run('id', ['-g', RUN_AS]);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const settings = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    ...(options.durable === false ? ['-c fsync=off -c synchronous_commit=off -c full_page_writes=off'] : []),
    ...(options.maxConnections ? [`-c max_connections=${options.maxConnections}`] : []),
  ].join(' ');
  let running = false;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start']);
    running = true;
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: async () => {
      if (running) await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

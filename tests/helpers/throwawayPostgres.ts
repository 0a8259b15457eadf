/**
 * A PostgreSQL cluster of the test's own, in a temp folder on a free port, that the test can stop
 * and start again (issue 12, the database restarted mid-traffic). It needs the PostgreSQL server
 * binaries (PG_BIN, else Debian's /usr/lib/postgresql/15/bin). PostgreSQL refuses to run as root,
 * so as root the cluster runs as the `postgres` user; any other user runs it as themselves.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './freePort.js';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const RUN_AS = 'postgres';

/** Why the cluster cannot run here, or null when it can. */
export function throwawayPostgresUnavailable(): string | null {
  if (process.platform !== 'linux') return 'a throwaway PostgreSQL runs on Linux only';
  if (!existsSync(path.join(BIN, 'pg_ctl'))) return `no PostgreSQL server binaries in ${BIN} (set PG_BIN)`;
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
  const file = path.join(BIN, program);
  if (userInfo().uid !== 0) {
    await run(file, args);
    return;
  }
  await run('su', [RUN_AS, '-s', '/bin/sh', '-c', [file, ...args].map(quote).join(' ')]);
}

export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'switchboard-pg-'));
  if (userInfo().uid === 0) {
    const { stdout } = await run('id', ['-u', RUN_AS]);
    const { stdout: gid } = await run('id', ['-g', RUN_AS]);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  let running = false;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
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

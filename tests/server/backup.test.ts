/**
 * `npm run backup -- <file>` (issue 12): a copy of the live SQLite database made while the server
 * runs and writes. The copy is a file only its owner may read, passes integrity_check and holds
 * every row written before the backup started; restoring it as the README says (stop, replace
 * switchboard.db, remove -wal and -shm, keep secret.key) brings those rows back. With
 * DATABASE_URL set, the command points at pg_dump instead of pretending to back up.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../server/db/openDatabase.js';
import { PROCESS_ADMIN, REPO_ROOT, type ServerProcess, signIn, startServerProcess } from '../helpers/serverProcess.js';

const run = promisify(execFile);
const dirs: string[] = [];
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

function backup(env: Record<string, string>, args: string[]) {
  return run('npm', ['run', '--silent', 'backup', '--', ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
}

it('copies the live database while writes go on, and the copy restores', async () => {
  const dataDir = await tempDir('switchboard-backup-data-');
  const target = path.join(await tempDir('switchboard-backup-copy-'), 'copy.db');
  const server = await startServerProcess(dataDir);
  running.push(server);
  const token = await signIn(server.url, PROCESS_ADMIN.username, PROCESS_ADMIN.password);
  const write = async (name: string) => {
    const response = await fetch(`${server.url}/api/custom-values`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name, value: `value of ${name}` }),
    });
    expect(response.status).toBe(201);
  };
  for (let n = 0; n < 40; n++) await write(`BEFORE_${n}`);

  let writing = true;
  let during = 0;
  // Paced, so the user's custom-value quota (200) outlasts the backup command's start-up.
  const writer = (async () => {
    while (writing) {
      await write(`DURING_${during++}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const { stdout } = await backup({ DATA_DIR: dataDir }, [target]);
  writing = false;
  await writer;
  expect(stdout).toContain(`to ${target} (`);
  expect(stdout).toContain('secret.key');
  expect((await stat(target)).mode & 0o777).toBe(0o600);

  const copy = new SQLite(target, { readonly: true });
  let kept: string[];
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    kept = (copy.prepare('select name from custom_values').all() as Array<{ name: string }>).map((row) => row.name);
  } finally {
    copy.close();
  }
  expect(kept.filter((name) => name.startsWith('BEFORE_'))).toHaveLength(40);
  expect(during).toBeGreaterThan(0);

  // An existing file is never overwritten.
  await expect(backup({ DATA_DIR: dataDir }, [target])).rejects.toMatchObject({
    stderr: expect.stringContaining('already exists'),
  });

  // Restore: stop, put the copy in place of the database, drop the old WAL and shared memory.
  await server.stop();
  await copyFile(target, path.join(dataDir, SQLITE_FILE_NAME));
  await rm(path.join(dataDir, `${SQLITE_FILE_NAME}-wal`), { force: true });
  await rm(path.join(dataDir, `${SQLITE_FILE_NAME}-shm`), { force: true });
  const restored = await startServerProcess(dataDir);
  running.push(restored);
  const again = await signIn(restored.url, PROCESS_ADMIN.username, PROCESS_ADMIN.password);
  const body = (await (
    await fetch(`${restored.url}/api/custom-values`, { headers: { authorization: `Bearer ${again}` } })
  ).json()) as { customValues: Array<{ name: string }> };
  expect(body.customValues.map((value) => value.name).sort()).toEqual([...kept].sort());
}, 120_000);

it('points at pg_dump, without printing the connection string, when the server runs on PostgreSQL', async () => {
  const dataDir = await tempDir('switchboard-backup-pg-');
  const failed = await backup(
    { DATA_DIR: dataDir, DATABASE_URL: 'postgres://switchboard:s3cret@db.internal:5432/switchboard' },
    ['dump.pgc'],
  ).catch((error: unknown) => error as { code: number; stdout: string });
  expect(failed).toMatchObject({ code: 1 });
  const { stdout } = failed as { stdout: string };
  expect(stdout).toContain('pg_dump --format=custom --file=dump.pgc "$DATABASE_URL"');
  expect(stdout).not.toContain('s3cret');
});

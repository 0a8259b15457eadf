/**
 * `kill -9` during a burst of writes (issue 12, "Faults, nothing lost"): every write the server
 * answered with a 2xx is there after a restart on the same data folder, and the database opens
 * and passes `PRAGMA integrity_check`. A commit reaches the WAL file before the answer goes out
 * (server/db/openDatabase.ts), so a killed process loses nothing it acknowledged. Real child
 * process, real signal.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../server/db/openDatabase.js';
import { PROCESS_ADMIN, type ServerProcess, signIn, startServerProcess } from '../helpers/serverProcess.js';

const USERS = 3;
const WORKERS = 24;
/** Acknowledged writes after which the process is killed, with WORKERS more in flight. */
const KILL_AFTER = 150;

let dataDir = '';
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
  await rm(dataDir, { recursive: true, force: true });
});

async function createUser(url: string, adminToken: string, username: string): Promise<void> {
  const response = await fetch(`${url}/api/accounts/admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      username,
      email: `${username}@example.test`,
      password: `pw-${username}-long`,
      role: 'user',
    }),
  });
  if (response.status !== 201) throw new Error(`creating ${username} answered ${response.status}`);
}

async function customValues(url: string, token: string): Promise<Map<string, string>> {
  const response = await fetch(`${url}/api/custom-values`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { customValues: Array<{ name: string; value: string }> };
  return new Map(body.customValues.map((v) => [v.name, v.value]));
}

it('keeps every acknowledged write when the server is killed mid-burst', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-kill-'));
  const first = await startServerProcess(dataDir);
  running.push(first);
  const adminToken = await signIn(first.url, PROCESS_ADMIN.username, PROCESS_ADMIN.password);
  const usernames = Array.from({ length: USERS }, (_, i) => `writer-${i}`);
  for (const username of usernames) await createUser(first.url, adminToken, username);
  const tokens = await Promise.all(usernames.map((username) => signIn(first.url, username, `pw-${username}-long`)));

  // Each acknowledged write: who wrote it, its name and value.
  const acknowledged: Array<{ user: number; name: string; value: string }> = [];
  let sent = 0;
  let killing: Promise<void> | null = null;
  const worker = async () => {
    while (!killing) {
      const n = sent++;
      const write = { user: n % USERS, name: `VALUE_${n}`, value: `written ${n} at ${Date.now()}` };
      try {
        const response = await fetch(`${first.url}/api/custom-values`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[write.user]}` },
          body: JSON.stringify({ name: write.name, value: write.value }),
        });
        if (response.status === 201) acknowledged.push(write);
        else if (!killing) throw new Error(`a write answered ${response.status}: ${await response.text()}`);
      } catch (error) {
        if (!killing) throw error;
      }
      if (acknowledged.length >= KILL_AFTER) killing ??= first.kill();
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

  const second = await startServerProcess(dataDir);
  running.push(second);
  const found = await Promise.all(
    usernames.map(async (username) =>
      customValues(second.url, await signIn(second.url, username, `pw-${username}-long`)),
    ),
  );
  const missing = acknowledged.filter((write) => found[write.user]!.get(write.name) !== write.value);
  const rows = found.reduce((sum, values) => sum + values.size, 0);
  // The figure issue 12 asks for; the writes in flight at the kill may or may not have landed.
  process.stdout.write(
    `kill -9 mid-burst: ${acknowledged.length} writes acknowledged, ${rows} found after restart, ${missing.length} acknowledged missing (${sent} sent)\n`,
  );
  expect(missing).toEqual([]);
  expect(rows).toBeGreaterThanOrEqual(acknowledged.length);

  // The restarted server has replayed the WAL; a second reader may open the file beside it.
  const sqlite = new SQLite(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(sqlite.prepare('select count(*) as n from custom_values').get()).toEqual({ n: rows });
  } finally {
    sqlite.close();
  }
}, 120_000);

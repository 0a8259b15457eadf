import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureFirstSuperadmin, generatedCredentialsNotice } from '../../server/bootstrap.js';
import { loadConfig } from '../../server/config.js';
import { verifyPassword } from '../../server/crypto/passwords.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { openDatabase } from '../../server/db/openDatabase.js';
import { findUserByUsername, listUsers } from '../../server/db/users.js';
import { type RunningServer, startServer } from '../../server/startServer.js';
import { ownTestDatabase } from '../helpers/testDatabase.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A data folder and an empty database (its own schema on the PostgreSQL pass), removed after the test. */
async function freshData(): Promise<{ dataDir: string; databaseUrl: string | null }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-boot-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const own = await ownTestDatabase('sb_boot');
  cleanups.push(own.drop);
  return { dataDir, databaseUrl: own.databaseUrl };
}

async function start(
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; printed: string; dataDir: string }> {
  const { dataDir, databaseUrl } = await freshData();
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env }),
    databaseUrl,
    distDir: path.join(dataDir, 'dist'),
  };
  const chunks: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(chunk.toString());
    return true;
  });
  const server = await startServer(config);
  vi.restoreAllMocks();
  cleanups.push(() => server.stop());
  return { server, printed: chunks.join(''), dataDir };
}

async function loginOver(server: RunningServer, username: string, password: string) {
  return fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

describe('first superadmin', () => {
  it('is created from the environment credentials', async () => {
    const { server, printed } = await start({
      SWITCHBOARD_ADMIN_USERNAME: 'root',
      SWITCHBOARD_ADMIN_PASSWORD: 'from-env-secret',
    });
    expect(printed).not.toContain('from-env-secret');
    expect(printed).toContain('Switchboard is running at http://localhost:');
    const response = await loginOver(server, 'root', 'from-env-secret');
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ username: 'root', role: 'superadmin' });
  });

  it('refuses a look-alike SWITCHBOARD_ADMIN_USERNAME with a message naming it', async () => {
    const { dataDir, databaseUrl } = await freshData();
    const db = openDatabase({ ...loadConfig({ DATA_DIR: dataDir }), databaseUrl });
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    await expect(
      ensureFirstSuperadmin(db, { adminUsername: 'r\u043eot', adminPassword: 'from-env-secret' }),
    ).rejects.toThrow(/SWITCHBOARD_ADMIN_USERNAME: Username cannot mix letters of different scripts/);
    expect(await listUsers(db)).toEqual([]);
  });

  it('gets a generated password, printed once, that signs in', async () => {
    const { server, printed } = await start();
    const match = /Password: (\S+)/.exec(printed);
    expect(match).not.toBeNull();
    const password = match![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(printed).toContain('Username: admin');
    expect((await loginOver(server, 'admin', password)).status).toBe(200);

    const row = await findUserByUsername(server.db, 'admin');
    expect(row?.password_hash).not.toContain(password);
    expect(await verifyPassword(row!.password_hash, password)).toBe(true);

    // Not created (nor printed) again once a user exists.
    const again = await ensureFirstSuperadmin(server.db, { adminUsername: null, adminPassword: null });
    expect(again).toEqual({ created: false });
    expect(await listUsers(server.db)).toHaveLength(1);
  });

  it('boxes the notice so it stands out', () => {
    const lines = generatedCredentialsNotice('admin', 'p4ssw0rd-generated').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});

/**
 * The SQLite database, its -wal and -shm files and the key file are readable by their owner only,
 * and a data folder Switchboard creates is 0700 (issue 7, finding 10).
 */
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_FILE_NAME, loadEncryptionKey } from '../../server/crypto/encryptionKey.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { openDatabase, SQLITE_FILE_NAME } from '../../server/db/openDatabase.js';

const mode = (file: string) => statSync(file).mode & 0o777;
let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

describe.skipIf(process.platform === 'win32')('data files', () => {
  it('creates the data folder 0700 and the database, -wal, -shm and key files 0600', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'switchboard-perms-'));
    const dataDir = path.join(root, 'data');
    const db = openDatabase({ databaseUrl: null, dataDir });
    try {
      await migrateToLatest(db);
      await loadEncryptionKey({ encryptionKey: null, dataDir });
      expect(mode(dataDir)).toBe(0o700);
      for (const name of [SQLITE_FILE_NAME, `${SQLITE_FILE_NAME}-wal`, `${SQLITE_FILE_NAME}-shm`, KEY_FILE_NAME]) {
        expect(mode(path.join(dataDir, name)).toString(8), name).toBe('600');
      }
    } finally {
      await db.destroy();
    }
  });

  it('narrows database files an earlier version left world-readable', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'switchboard-perms-'));
    const file = path.join(root, SQLITE_FILE_NAME);
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const db = openDatabase({ databaseUrl: null, dataDir: root });
    try {
      await migrateToLatest(db);
      expect(mode(file).toString(8)).toBe('600');
      expect(mode(`${file}-wal`).toString(8)).toBe('600');
    } finally {
      await db.destroy();
    }
  });
});

/**
 * Migration 008 on a database made before it: existing usernames are cleaned and made unique
 * regardless of case, the oldest account keeping its name, nobody losing theirs.
 */
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/schema.js';
import { findUserByUsername } from '../../server/db/users.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { UNIQUE_VIOLATION } from '../helpers/testDatabase.js';

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await databaseMigratedTo('003-agents'));
});
afterEach(() => close());

async function insertLegacyUser(id: string, username: string, createdAt: number): Promise<void> {
  await sql`insert into users (id, username, email, password_hash, role, token_version, created_at, updated_at)
            values (${id}, ${username}, null, 'x', 'user', 0, ${createdAt}, ${createdAt})`.execute(db);
}

it('keeps the oldest name, suffixes later collisions, cleans invisible characters and keeps mixed-script names', async () => {
  await insertLegacyUser('u1', 'Admin', 1);
  await insertLegacyUser('u2', 'admin', 2);
  await insertLegacyUser('u3', 'ad\u200bmin', 3);
  await insertLegacyUser('u4', 'admin-2', 4);
  await insertLegacyUser('u5', 'Ｂｏｂ  Smith', 5);
  await insertLegacyUser('u6', 'rt-\u0430dmin', 6);
  await insertLegacyUser('u7', '\u202e', 7);

  await migrateToLatest(db);
  const names = Object.fromEntries(
    (await db.selectFrom('users').select(['id', 'username']).execute()).map((row) => [row.id, row.username]),
  );
  expect(names).toEqual({
    u1: 'Admin',
    u2: 'admin-3',
    u3: 'admin-4',
    u4: 'admin-2',
    u5: 'Bob Smith',
    u6: 'rt-\u0430dmin',
    u7: 'user',
  });
  expect((await findUserByUsername(db, 'ADMIN'))?.id).toBe('u1');
  await expect(
    sql`update users set username = 'ADMIN-2', username_key = 'admin-2' where id = 'u1'`.execute(db),
  ).rejects.toThrow(UNIQUE_VIOLATION);
});

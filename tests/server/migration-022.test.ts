/**
 * Migration 022 (API keys, issue 22) on a database made before it: users and their data stay,
 * the table starts empty, a key hash is unique, and a user's keys go with the user.
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/schema.js';
import { deleteUser, insertUser } from '../../server/db/users.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, close } = await databaseMigratedTo('020-analytics'));
});
afterEach(() => close());

const keyRow = (id: string, userId: string, hash: string) => ({
  id,
  user_id: userId,
  name: 'Script',
  scope: 'full' as const,
  key_hash: hash,
  prefix: 'sb_abcdefgh',
  created_at: 1,
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
});

it('keeps existing users, stores keys with millisecond times, refuses a second row with the same hash, and deletes keys with their user', async () => {
  const user = await insertUser(db, { username: 'before-022', email: null, role: 'user', passwordHash: 'x' }, 5);
  await migrateToLatest(db);
  expect(await db.selectFrom('users').select('username').where('id', '=', user.id).execute()).toEqual([
    { username: 'before-022' },
  ]);
  expect(await db.selectFrom('api_keys').selectAll().execute()).toEqual([]);

  const later = Date.UTC(2030, 0, 1);
  await db
    .insertInto('api_keys')
    .values({ ...keyRow('k1', user.id, 'a'.repeat(64)), expires_at: later })
    .execute();
  expect(await db.selectFrom('api_keys').select('expires_at').execute()).toEqual([{ expires_at: later }]);
  await expect(
    db
      .insertInto('api_keys')
      .values(keyRow('k2', user.id, 'a'.repeat(64)))
      .execute(),
  ).rejects.toThrow();

  await deleteUser(db, user.id);
  expect(await db.selectFrom('api_keys').selectAll().execute()).toEqual([]);
});

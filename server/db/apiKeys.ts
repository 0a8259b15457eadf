/** API keys (migration 022), always scoped to their owner except the lookup by hash that signs a key in. */
import type { Kysely } from 'kysely';
import { countOf } from './countOf.js';
import type { ApiKeysTable, Database } from './schema.js';

export type ApiKeyRecord = ApiKeysTable;

export async function insertApiKey(db: Kysely<Database>, row: ApiKeyRecord): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The key a request presents, by its hash; revoked and expired ones too (the caller says why it refuses). */
export async function findApiKeyByHash(db: Kysely<Database>, keyHash: string): Promise<ApiKeyRecord | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

/** The user's keys that are not revoked, newest first. */
export async function listUserApiKeys(db: Kysely<Database>, userId: string): Promise<ApiKeyRecord[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function countUserApiKeys(db: Kysely<Database>, userId: string): Promise<number> {
  return countOf(db.selectFrom('api_keys').where('user_id', '=', userId).where('revoked_at', 'is', null));
}

/** Revokes the user's key; false when they have no such live key. */
export async function revokeApiKey(db: Kysely<Database>, userId: string, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a use; an older time never overwrites a newer one another instance wrote. */
export async function touchApiKey(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now)]))
    .execute();
}

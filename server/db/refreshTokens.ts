import type { Kysely } from 'kysely';
import type { Database, RefreshTokensTable } from './schema.js';

export type RefreshTokenRecord = RefreshTokensTable;

export async function insertRefreshToken(db: Kysely<Database>, token: RefreshTokenRecord): Promise<void> {
  await db.insertInto('refresh_tokens').values(token).execute();
}

export async function findRefreshTokenByHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<RefreshTokenRecord | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks a token used, only if nobody did first; false means it was already used (a replay, or
 * two tabs refreshing at once) and the caller treats it as reuse.
 */
export async function markRefreshTokenUsed(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes the live tokens whose `column` is `value`; revoked ones keep their first revocation time. */
async function revokeWhere(
  db: Kysely<Database>,
  column: 'family_id' | 'user_id',
  value: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where(column, '=', value)
    .where('revoked_at', 'is', null)
    .execute();
}

export const revokeRefreshFamily = (db: Kysely<Database>, familyId: string, now: number): Promise<void> =>
  revokeWhere(db, 'family_id', familyId, now);

export const revokeUserRefreshTokens = (db: Kysely<Database>, userId: string, now: number): Promise<void> =>
  revokeWhere(db, 'user_id', userId, now);

/** Drops a user's expired tokens; rows of live families stay for reuse detection. */
export async function deleteExpiredRefreshTokens(db: Kysely<Database>, userId: string, now: number): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
}

/** Families revoked at or after `since`, with their latest revocation time. */
export async function listFamiliesRevokedSince(
  db: Kysely<Database>,
  since: number,
): Promise<{ familyId: string; revokedAt: number }[]> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select((eb) => ['family_id', eb.fn.max('revoked_at').as('revoked_at')])
    .where('revoked_at', '>=', since)
    .groupBy('family_id')
    .execute();
  return rows.map((row) => ({ familyId: row.family_id, revokedAt: Number(row.revoked_at) }));
}

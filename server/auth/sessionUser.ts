import type { Kysely } from 'kysely';
import type { SessionUser } from '../appTypes.js';
import type { Database } from '../db/schema.js';
import { findUserById, type UserRecord } from '../db/users.js';
import { unauthorized } from '../http/HttpError.js';
import { SESSION_ENDED, type AccessTokens } from './AccessTokens.js';

/** A user signed in with an access token, and the session (refresh-token family) it belongs to. */
export interface SignedInUser extends SessionUser {
  sessionId: string;
}

export function toSessionUser(row: UserRecord): SessionUser {
  return { id: row.id, username: row.username, email: row.email, role: row.role };
}

/**
 * The user an access token belongs to, read fresh from the database: a deleted user, a token
 * issued before the last password change, or one of a logged-out session is refused. The role
 * comes from the database, so a role change applies at once.
 */
export async function userFromAccessToken(
  db: Kysely<Database>,
  accessTokens: AccessTokens,
  token: string | null | undefined,
): Promise<SignedInUser> {
  if (!token) throw unauthorized('Authentication required');
  const claims = await accessTokens.verify(token);
  const row = await findUserById(db, claims.userId);
  if (!row || row.token_version !== claims.tokenVersion) {
    throw unauthorized(SESSION_ENDED, 'token_expired');
  }
  return { ...toSessionUser(row), sessionId: claims.sessionId };
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

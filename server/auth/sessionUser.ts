import { unauthorized } from '../core/AppError.js';
import type { SessionUser } from '../core/types.js';
import type { UserIdentity } from '../db/users.js';
import { SESSION_ENDED } from './AccessTokens.js';
import type { AuthServices } from './AuthServices.js';

/** A user signed in with an access token, and the session (refresh-token family) it belongs to. */
export interface SignedInUser extends SessionUser {
  sessionId: string;
}

export function toSessionUser(row: Pick<UserIdentity, 'id' | 'username' | 'email' | 'role'>): SessionUser {
  return { id: row.id, username: row.username, email: row.email, role: row.role };
}

/**
 * The user an access token belongs to, as the user cache knows them (UserCache: invalidated by
 * every write to a user, so the next request sees it): a deleted user, a token issued before the
 * last password change, or one of a logged-out session is refused. The role comes from the user,
 * not the token, so a role change applies at once.
 */
export async function userFromAccessToken(
  auth: Pick<AuthServices, 'accessTokens' | 'users'>,
  token: string | null | undefined,
): Promise<SignedInUser> {
  if (!token) throw unauthorized('Authentication required');
  const claims = await auth.accessTokens.verify(token);
  const row = await auth.users.get(claims.userId);
  if (!row || row.token_version !== claims.tokenVersion) {
    throw unauthorized(SESSION_ENDED, 'token_expired');
  }
  return { ...toSessionUser(row), sessionId: claims.sessionId };
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

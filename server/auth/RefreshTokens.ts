/**
 * Rotating refresh tokens. Each sign-in starts a family; every refresh marks the presented token
 * used and issues the next one in the same family. Presenting a used token again means it was
 * stolen or replayed, so the whole family is revoked. Only the SHA-256 of a token is stored.
 * A family is a session: its id is the `sid` of the access tokens issued with it, and revoking it
 * also refuses those (SessionRevocations).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { unauthorized } from '../core/AppError.js';
import type { Clock } from '../core/types.js';
import { sha256Hex } from '../crypto/sha256Hex.js';
import {
  deleteExpiredRefreshTokens,
  findRefreshTokenByHash,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
} from '../db/refreshTokens.js';
import type { Database } from '../db/schema.js';
import type { SessionRevocations } from './SessionRevocations.js';

/** A refresh token and the session (family) it belongs to. */
export interface IssuedRefreshToken {
  token: string;
  sessionId: string;
}

export class RefreshTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly revocations: SessionRevocations,
  ) {}

  /** A new token for the user, in `familyId` or a new family (a new session). */
  async issue(userId: string, familyId: string = randomUUID()): Promise<IssuedRefreshToken> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await deleteExpiredRefreshTokens(this.db, userId, now);
    await insertRefreshToken(this.db, {
      id: randomUUID(),
      family_id: familyId,
      user_id: userId,
      token_hash: sha256Hex(token),
      expires_at: now + this.ttlMs,
      used_at: null,
      revoked_at: null,
      created_at: now,
    });
    return { token, sessionId: familyId };
  }

  /** Exchanges a token for the next one; throws 401 for unknown, expired, revoked or reused tokens. */
  async rotate(token: string): Promise<IssuedRefreshToken & { userId: string }> {
    const now = this.clock();
    const row = await findRefreshTokenByHash(this.db, sha256Hex(token));
    if (!row || row.revoked_at !== null) throw unauthorized('Invalid refresh token');
    if (row.used_at === null && row.expires_at <= now) throw unauthorized('Refresh token expired');
    // A second use (a replay, or a race with another tab) loses the whole family.
    if (row.used_at !== null || !(await markRefreshTokenUsed(this.db, row.id, now))) {
      await this.revokeSession(row.family_id);
      throw unauthorized('Refresh token was already used; please sign in again');
    }
    return { userId: row.user_id, ...(await this.issue(row.user_id, row.family_id)) };
  }

  /** Revokes the session (family) of a token (logout); returns its id, or null for an unknown token. */
  async revokeFamilyOf(token: string): Promise<string | null> {
    const row = await findRefreshTokenByHash(this.db, sha256Hex(token));
    if (!row) return null;
    await this.revokeSession(row.family_id);
    return row.family_id;
  }

  /** Ends a session: its refresh tokens stop working, and so do its access tokens, at once. */
  async revokeSession(sessionId: string): Promise<void> {
    const now = this.clock();
    this.revocations.add(sessionId, now);
    await revokeRefreshFamily(this.db, sessionId, now);
  }

  /** Revokes every token of a user (password change). */
  revokeAll(userId: string): Promise<void> {
    return revokeUserRefreshTokens(this.db, userId, this.clock());
  }
}

/**
 * Short-lived access tokens: HS256 JWTs with `sub`, `role`, `tv` (the user's token version,
 * bumped by a password change) and `sid` (the session: its refresh-token family, so logout can
 * refuse the token at once). The key is derived from the secrets key, never stored, and imported
 * once (jose would import a raw key again on every call).
 */
import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../core/AppError.js';
import type { Clock } from '../core/types.js';
import type { SessionRevocations } from './SessionRevocations.js';
import { type AccessClaims, VerifiedTokens } from './VerifiedTokens.js';

const ISSUER = 'switchboard';
const AUDIENCE = 'switchboard-api';

export const SESSION_ENDED = 'Your session has ended, please sign in again';

const expired = () => unauthorized('Access token expired', 'token_expired');

export class AccessTokens {
  /** Verified tokens until they expire (see VerifiedTokens: what it skips and why that is safe). */
  readonly verified = new VerifiedTokens();

  private constructor(
    private readonly key: webcrypto.CryptoKey,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
    private readonly revocations: SessionRevocations,
  ) {}

  static async create(
    rawKey: Uint8Array,
    ttlSeconds: number,
    clock: Clock,
    revocations: SessionRevocations,
  ): Promise<AccessTokens> {
    const key = await webcrypto.subtle.importKey('raw', rawKey, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return new AccessTokens(key, ttlSeconds, clock, revocations);
  }

  sign(user: { id: string; role: string; token_version: number }, sessionId: string): Promise<string> {
    const nowSeconds = Math.floor(this.clock() / 1000);
    return new SignJWT({ role: user.role, tv: user.token_version, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.ttlSeconds)
      .sign(this.key);
  }

  /** The token's claims; throws a 401 AppError: token_expired once expired, else unauthorized (also once its session has ended). */
  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token, this.clock());
    if (known === 'expired') throw expired();
    const claims = known ?? (await this.#verifySignature(token));
    if (this.revocations.has(claims.sessionId)) throw unauthorized(SESSION_ENDED);
    return claims;
  }

  async #verifySignature(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.clock()),
        requiredClaims: ['sub', 'exp', 'sid'],
      });
      const { sub, tv, sid, role, exp } = payload;
      if (typeof sub !== 'string' || typeof tv !== 'number' || typeof sid !== 'string' || typeof exp !== 'number') {
        throw unauthorized('Invalid access token');
      }
      const claims: AccessClaims = Object.freeze({
        userId: sub,
        role: typeof role === 'string' ? role : 'user',
        tokenVersion: tv,
        sessionId: sid,
      });
      this.verified.remember(token, claims, exp);
      return claims;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw expired();
      throw unauthorized('Invalid access token');
    }
  }
}

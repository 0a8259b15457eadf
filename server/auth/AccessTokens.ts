/**
 * Short-lived access tokens: HS256 JWTs with `sub`, `role` and `tv` (the user's token version,
 * bumped by a password change). The key is derived from the secrets key, never stored.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../appTypes.js';
import { unauthorized } from '../http/HttpError.js';

const ISSUER = 'switchboard';
const AUDIENCE = 'switchboard-api';

export interface AccessClaims {
  userId: string;
  role: string;
  tokenVersion: number;
}

export class AccessTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {}

  sign(user: { id: string; role: string; token_version: number }): Promise<string> {
    const nowSeconds = Math.floor(this.clock() / 1000);
    return new SignJWT({ role: user.role, tv: user.token_version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.ttlSeconds)
      .sign(this.key);
  }

  /** The token's claims; throws a 401 HttpError (code token_expired once it has expired). */
  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.clock()),
        requiredClaims: ['sub', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') throw unauthorized('Invalid access token');
      return { userId: payload.sub, role: typeof payload.role === 'string' ? payload.role : 'user', tokenVersion: payload.tv };
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized('Access token expired', 'token_expired');
      throw unauthorized('Invalid access token');
    }
  }
}

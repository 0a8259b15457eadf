import type { Kysely } from 'kysely';
import type { Clock } from '../core/types.js';
import { createDummyVerifier } from '../crypto/passwords.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { AccessTokens } from './AccessTokens.js';
import { API_KEY_CACHE_DEFAULTS, ApiKeys } from './ApiKeys.js';
import { ImpersonationAudit } from './ImpersonationAudit.js';
import type { LoginThrottle, LoginThrottleLimits } from './LoginThrottle.js';
import { MemoryLoginThrottle } from './MemoryLoginThrottle.js';
import { PostgresLoginThrottle } from './PostgresLoginThrottle.js';
import { RefreshTokens } from './RefreshTokens.js';
import { SessionRevocations } from './SessionRevocations.js';
import { UserCache } from './UserCache.js';

/** The identity services of one app instance (created in buildApp, decorated as `app.auth`). */
export interface AuthServices {
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  loginThrottle: LoginThrottle;
  /** Logged-out sessions whose access tokens are refused before they expire. */
  revocations: SessionRevocations;
  /** Signed-in and impersonated users' identities; every write to a user calls `users.invalidate(id)`. */
  users: UserCache;
  /** Writes each impersonated request's audit row (batched with those arriving together). */
  audit: ImpersonationAudit;
  /** API keys: checks, with their cache and per-key rate limit, creation and revocation. */
  apiKeys: ApiKeys;
  /** Spends a password verification's time for an unknown username; always false. */
  verifyUnknownUser: (password: string) => Promise<false>;
}

/** The sign-in settings: token lives and the login throttle's limits (ACCESS_TOKEN_TTL_SECONDS and fixed values). */
export interface AuthConfig {
  accessTokenTtlSeconds: number;
  refreshTokenTtlMs: number;
  loginThrottle: LoginThrottleLimits;
  /** Requests per window each API key may make (fixed, config.ts). */
  apiKeyRateLimit: { max: number; windowMs: number };
}

/** Loads the recently ended sessions first, so a restart does not revive logged-out tokens. */
export async function createAuthServices(deps: {
  db: Kysely<Database>;
  config: AuthConfig;
  secretBox: SecretBox;
  clock: Clock;
}): Promise<AuthServices> {
  const { db, config, secretBox, clock } = deps;
  const revocations = new SessionRevocations(config.accessTokenTtlSeconds * 1000, clock);
  await revocations.load(db);
  return {
    accessTokens: await AccessTokens.create(
      secretBox.deriveKey('access-token'),
      config.accessTokenTtlSeconds,
      clock,
      revocations,
    ),
    refreshTokens: new RefreshTokens(db, config.refreshTokenTtlMs, clock, revocations),
    revocations,
    users: new UserCache(db, clock),
    audit: new ImpersonationAudit(db),
    apiKeys: new ApiKeys(db, clock, { ...API_KEY_CACHE_DEFAULTS, rateLimit: config.apiKeyRateLimit }),
    // On PostgreSQL several instances may share the database, and guesses sent to each must add up.
    loginThrottle: isPostgres(db)
      ? new PostgresLoginThrottle(db, config.loginThrottle, clock)
      : new MemoryLoginThrottle(config.loginThrottle, clock),
    verifyUnknownUser: createDummyVerifier(),
  };
}

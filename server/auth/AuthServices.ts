import type { Kysely } from 'kysely';
import type { Clock } from '../appTypes.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import { createDummyVerifier } from '../crypto/passwords.js';
import { AccessTokens } from './AccessTokens.js';
import type { LoginThrottle } from './LoginThrottle.js';
import { MemoryLoginThrottle } from './MemoryLoginThrottle.js';
import { RefreshTokens } from './RefreshTokens.js';

/** The identity services of one app instance (created in buildApp, decorated as `app.auth`). */
export interface AuthServices {
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  loginThrottle: LoginThrottle;
  /** Spends a password verification's time for an unknown username; always false. */
  verifyUnknownUser: (password: string) => Promise<false>;
}

export function createAuthServices(deps: {
  db: Kysely<Database>;
  config: Config;
  secretBox: SecretBox;
  clock: Clock;
}): AuthServices {
  const { db, config, secretBox, clock } = deps;
  return {
    accessTokens: new AccessTokens(secretBox.deriveKey('access-token'), config.accessTokenTtlSeconds, clock),
    refreshTokens: new RefreshTokens(db, config.refreshTokenTtlMs, clock),
    loginThrottle: new MemoryLoginThrottle(config.loginThrottle, clock),
    verifyUnknownUser: createDummyVerifier(),
  };
}

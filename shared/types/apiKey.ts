/**
 * API keys (issue 22): a user's named credentials for `Authorization: Bearer sb_…`. The key
 * itself is shown once, in the answer that creates it; lists carry only its prefix.
 */

/** `read` keys call GET and HEAD routes only; `full` keys everything their owner may, except what keys never reach. */
export const API_KEY_SCOPES = ['read', 'full'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so it is easy to recognise (and for secret scanners to find). */
export const API_KEY_PREFIX = 'sb_';

export const API_KEY_LIMITS = {
  nameMaxLength: 100,
  /**
   * last_used_at is written at most this often per key, so the listed time may be up to this
   * much behind the key's latest use.
   */
  lastUsedPrecisionMs: 60_000,
  /**
   * The latest expiry a key may be given: ten years ahead. Longer is "never" in all but name, and
   * a far time (year 275760) is one no date can show; null says "never" honestly.
   */
  maxLifetimeMs: 10 * 365 * 24 * 60 * 60 * 1000,
} as const;

export interface ApiKey {
  id: string;
  name: string;
  scope: ApiKeyScope;
  /** The key's first characters (`sb_` and a few more), to tell keys apart. */
  prefix: string;
  createdAt: number;
  /** When the key stops working; null: never. */
  expiresAt: number | null;
  /** The latest use, to within API_KEY_LIMITS.lastUsedPrecisionMs; null: never used. */
  lastUsedAt: number | null;
}

export interface ApiKeysResponse {
  success: true;
  apiKeys: ApiKey[];
}

/** POST /api/accounts/api-keys. `expiresAt`: milliseconds since the epoch, in the future; absent or null: never. */
export interface CreateApiKeyRequest {
  name: string;
  scope: ApiKeyScope;
  expiresAt?: number | null;
}

/** The answer that creates a key: the only one that ever carries `key`. */
export interface CreatedApiKeyResponse {
  success: true;
  apiKey: ApiKey;
  key: string;
}

/**
 * Checks the API keys requests present (issue 22). A key's row is read from the database on its
 * first use and kept here for at most `maxAgeMs`, so a request with a key costs what one with an
 * access token costs (tests/bench/apikeys.bench.ts) rather than a database read.
 *
 * Revocation: `revoke` writes `revoked_at`, then forgets the key here and, through the peers
 * (server/cluster: PostgreSQL LISTEN/NOTIFY), on the other instances, so the next request
 * anywhere reads the row again and is refused. Should a notification be lost, an entry is still
 * trusted for at most `maxAgeMs` (one second), the bound the issue promises. As in UserCache, a
 * read that started before an invalidation does not store what it read. Unknown keys are not kept.
 *
 * Last use: written when the known `last_used_at` is a minute old or more, so the listed time is
 * at most API_KEY_LIMITS.lastUsedPrecisionMs behind, and a busy key costs one write a minute.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { USER_QUOTAS } from '../../shared/limits.js';
import { API_KEY_LIMITS, type ApiKey, type ApiKeyScope } from '../../shared/types/apiKey.js';
import { quotaExceeded, unauthorized } from '../core/AppError.js';
import type { Clock } from '../core/types.js';
import {
  type ApiKeyRecord,
  countUserApiKeys,
  findApiKeyByHash,
  insertApiKey,
  listUserApiKeys,
  revokeApiKey,
  touchApiKey,
} from '../db/apiKeys.js';
import type { Database } from '../db/schema.js';
import { apiKeyHash, newApiKey } from './apiKeyFormat.js';
import { KeyRateLimit, type KeyRateLimitOptions } from './KeyRateLimit.js';

/** Who a valid key signs in as. */
export interface KeyIdentity {
  keyId: string;
  userId: string;
  scope: ApiKeyScope;
}

export interface ApiKeysOptions {
  maxEntries: number;
  /** How long a row is trusted without an invalidation (the cross-instance bound). */
  maxAgeMs: number;
  rateLimit: KeyRateLimitOptions;
}

interface Entry {
  row: Readonly<ApiKeyRecord>;
  loadedAt: number;
}

export const API_KEY_CACHE_DEFAULTS = { maxEntries: 10_000, maxAgeMs: 1000 } as const;

export function toApiKey(row: ApiKeyRecord): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}

export class ApiKeys {
  /** Key hash → its row. */
  readonly #entries = new Map<string, Entry>();
  readonly #limit: KeyRateLimit;
  #peers: { keyRevoked(id: string): void } | null = null;
  #generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: ApiKeysOptions,
  ) {
    this.#limit = new KeyRateLimit(options.rateLimit, clock);
  }

  /** The identity of a live key, counted against its rate limit; a 401 for an unknown, revoked or expired one. */
  async verify(token: string): Promise<KeyIdentity> {
    const hash = apiKeyHash(token);
    if (!hash) throw unauthorized('Invalid API key');
    const now = this.clock();
    const row = await this.#row(hash, now);
    if (!row) throw unauthorized('Invalid API key');
    if (row.revoked_at !== null) throw unauthorized('This API key has been revoked');
    if (row.expires_at !== null && row.expires_at <= now) throw unauthorized('This API key has expired');
    this.#limit.take(row.id);
    if (row.last_used_at === null || now - row.last_used_at >= API_KEY_LIMITS.lastUsedPrecisionMs) {
      await touchApiKey(this.db, row.id, now);
      const entry = this.#entries.get(hash);
      if (entry?.row.id === row.id) entry.row = Object.freeze({ ...row, last_used_at: now });
    }
    return { keyId: row.id, userId: row.user_id, scope: row.scope };
  }

  list(userId: string): Promise<ApiKey[]> {
    return listUserApiKeys(this.db, userId).then((rows) => rows.map(toApiKey));
  }

  /** A new key of the user (checked input); the key itself is in the answer only. */
  async create(
    userId: string,
    input: { name: string; scope: ApiKeyScope; expiresAt: number | null },
  ): Promise<{ apiKey: ApiKey; key: string }> {
    if ((await countUserApiKeys(this.db, userId)) >= USER_QUOTAS.apiKeys)
      throw quotaExceeded('apiKeys', 'API keys per user');
    const { key, hash, prefix } = newApiKey();
    const row: ApiKeyRecord = {
      id: randomUUID(),
      user_id: userId,
      name: input.name,
      scope: input.scope,
      key_hash: hash,
      prefix,
      created_at: this.clock(),
      expires_at: input.expiresAt,
      last_used_at: null,
      revoked_at: null,
    };
    await insertApiKey(this.db, row);
    return { apiKey: toApiKey(row), key };
  }

  /** Revokes the user's key here and on every instance; false when they have no such live key. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const revoked = await revokeApiKey(this.db, userId, id, this.clock());
    if (revoked) {
      this.invalidateHere(id);
      this.#peers?.keyRevoked(id);
    }
    return revoked;
  }

  /** Other instances hear of every revocation from now on. */
  linkPeers(peers: { keyRevoked(id: string): void }): void {
    this.#peers = peers;
  }

  /** Forget one key on this instance (revoked here or on another instance). */
  invalidateHere(id: string): void {
    this.#generation += 1;
    for (const [hash, entry] of this.#entries) if (entry.row.id === id) this.#entries.delete(hash);
  }

  /** Forget every key (notifications from other instances were missed). */
  invalidateAll(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  async #row(hash: string, now: number): Promise<Readonly<ApiKeyRecord> | undefined> {
    const entry = this.#entries.get(hash);
    if (entry && now - entry.loadedAt < this.options.maxAgeMs && now >= entry.loadedAt) return entry.row;
    const generation = this.#generation;
    const row = await findApiKeyByHash(this.db, hash);
    this.#entries.delete(hash);
    if (!row) return undefined;
    const frozen = Object.freeze({ ...row });
    if (generation === this.#generation) {
      if (this.#entries.size >= this.options.maxEntries) {
        const oldest = this.#entries.keys().next();
        if (!oldest.done) this.#entries.delete(oldest.value);
      }
      this.#entries.set(hash, { row: frozen, loadedAt: now });
    }
    return frozen;
  }
}

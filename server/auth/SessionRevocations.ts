/**
 * Sessions (refresh-token families) ended before their access tokens expire: logout, or a replayed
 * refresh token. An access token names its session (`sid`), so checking it here refuses a logged-out
 * token at once without a database read per request. Entries live as long as an access token
 * issued before the revocation could, and are loaded from the refresh tokens' `revoked_at` at
 * start, so a restart does not bring logged-out tokens back. With several instances each revocation
 * also goes to the peers (server/cluster), and an instance whose bus was cut off loads them again.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../core/types.js';
import { listFamiliesRevokedSince } from '../db/refreshTokens.js';
import type { Database } from '../db/schema.js';

/** iat and exp are whole seconds: a token may outlive `revokedAt + ttl` by up to one. */
const ROUNDING_MS = 1000;

export class SessionRevocations {
  /** Session id → when the last access token issued before its revocation has expired. */
  readonly #until = new Map<string, number>();
  #peers: { sessionRevoked(sessionId: string, revokedAt: number): void } | null = null;

  constructor(
    private readonly accessTokenTtlMs: number,
    private readonly clock: Clock,
  ) {}

  /** Loads the sessions revoked since `since` (by default: all whose access tokens may still live). */
  async load(db: Kysely<Database>, since = this.clock() - this.accessTokenTtlMs - ROUNDING_MS): Promise<void> {
    for (const row of await listFamiliesRevokedSince(db, since)) {
      this.addHere(row.familyId, row.revokedAt);
    }
  }

  /** Other instances hear of every revocation from now on. */
  linkPeers(peers: { sessionRevoked(sessionId: string, revokedAt: number): void }): void {
    this.#peers = peers;
  }

  /** Refuses the session's access tokens here and on the other instances. */
  add(sessionId: string, revokedAt: number = this.clock()): void {
    this.addHere(sessionId, revokedAt);
    this.#peers?.sessionRevoked(sessionId, revokedAt);
  }

  /** Refuses the session's access tokens on this instance (another one ended it). */
  addHere(sessionId: string, revokedAt: number): void {
    const now = this.clock();
    for (const [id, until] of this.#until) if (until <= now) this.#until.delete(id);
    const until = revokedAt + this.accessTokenTtlMs + ROUNDING_MS;
    if (until > now) this.#until.set(sessionId, Math.max(until, this.#until.get(sessionId) ?? 0));
  }

  has(sessionId: string): boolean {
    return (this.#until.get(sessionId) ?? 0) > this.clock();
  }
}

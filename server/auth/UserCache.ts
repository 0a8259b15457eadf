/**
 * The identity (name, email, role, token version) of recently seen users, so an authenticated
 * request does not read its user, or the user it impersonates, from the database each time.
 *
 * Invalidation: every write that changes a user (password change and its token-version bump,
 * role, username, email, deletion) calls `invalidate(id)` after it commits, on the instance that
 * made it, so the very next request there reads the row again: a revoked token, a deleted user or
 * a stale role cannot get through. A read that started before an invalidation does not store
 * what it read (the generation check), so a slow read cannot put an old row back. Other instances
 * learn of it through the peers (server/cluster: PostgreSQL LISTEN/NOTIFY), which call
 * `invalidateHere`; should a notification be lost an entry is still trusted for at most
 * `maxAgeMs`, which bounds how long another instance's change can take to apply. Unknown users
 * are not cached.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../core/types.js';
import type { Database } from '../db/schema.js';
import { findUserIdentity, type UserIdentity } from '../db/users.js';

interface Entry {
  user: Readonly<UserIdentity>;
  loadedAt: number;
}

export interface UserCacheOptions {
  maxEntries: number;
  /** How long an entry is trusted without an invalidation (the cross-instance bound). */
  maxAgeMs: number;
}

export const USER_CACHE_DEFAULTS: UserCacheOptions = { maxEntries: 10_000, maxAgeMs: 1000 };

export class UserCache {
  readonly #entries = new Map<string, Entry>();
  #peers: { userChanged(id: string): void } | null = null;
  /** Bumped by every invalidation; a read stores its row only if none happened meanwhile. */
  #generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: UserCacheOptions = USER_CACHE_DEFAULTS,
  ) {}

  async get(id: string): Promise<Readonly<UserIdentity> | undefined> {
    const now = this.clock();
    const entry = this.#entries.get(id);
    if (entry && now - entry.loadedAt < this.options.maxAgeMs && now >= entry.loadedAt) return entry.user;
    const generation = this.#generation;
    const row = await findUserIdentity(this.db, id);
    if (!row) {
      this.#entries.delete(id);
      return undefined;
    }
    const user = Object.freeze({ ...row });
    if (generation === this.#generation) this.#store(id, { user, loadedAt: now });
    return user;
  }

  /** Other instances hear of every invalidation from now on. */
  linkPeers(peers: { userChanged(id: string): void }): void {
    this.#peers = peers;
  }

  /** Forget one user, here and on the other instances: call after any write to their row has committed. */
  invalidate(id: string): void {
    this.invalidateHere(id);
    this.#peers?.userChanged(id);
  }

  /** Forget one user on this instance (another instance changed them). */
  invalidateHere(id: string): void {
    this.#generation += 1;
    this.#entries.delete(id);
  }

  /** Forget everyone (e.g. when notifications from other instances were missed). */
  invalidateAll(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  #store(id: string, entry: Entry): void {
    this.#entries.delete(id);
    if (this.#entries.size >= this.options.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(id, entry);
  }
}

/**
 * Access tokens whose signature and claims jose has checked, remembered until they expire, so a
 * repeat request skips the HMAC and the JSON parse (most of an authenticated request's cost).
 * Keyed by the whole token string: only a token that verified is ever stored, and any changed
 * byte is another key. Only the signature check is skipped: every request still checks expiry
 * here, its session against SessionRevocations, and its token version and role against the user
 * (UserCache), so logout, password change, role change and deletion refuse or update the very
 * next request. What is stored never becomes false (a signature stays valid until the key
 * changes), so no other instance's writes can make it stale. Bounded: the oldest entries go first.
 */
/** What a verified access token says: whose it is, their role and token version, and its session. */
export interface AccessClaims {
  userId: string;
  role: string;
  tokenVersion: number;
  sessionId: string;
}

interface Verified {
  claims: AccessClaims;
  /** The `exp` claim, whole seconds. */
  expiresAt: number;
}

/** Expired when `exp` <= now in whole seconds, exactly as jose judges it. */
export function isExpired(expiresAtSeconds: number, nowMs: number): boolean {
  return expiresAtSeconds <= Math.floor(nowMs / 1000);
}

export class VerifiedTokens {
  readonly #entries = new Map<string, Verified>();

  constructor(private readonly maxEntries = 10_000) {}

  /** The remembered claims, 'expired' once the token has expired, undefined when not remembered. */
  get(token: string, nowMs: number): AccessClaims | 'expired' | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (!isExpired(entry.expiresAt, nowMs)) return entry.claims;
    this.#entries.delete(token);
    return 'expired';
  }

  remember(token: string, claims: AccessClaims, expiresAt: number): void {
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, { claims, expiresAt });
  }

  /** Forgets every token: for a change of signing key. */
  invalidateAll(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

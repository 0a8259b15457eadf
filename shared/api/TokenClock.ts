/**
 * When the client should refresh its access token (issue 18). An access token is a JWT: its `iat`
 * and `exp` are read here without verifying it (only the server can, and does). A token whose
 * times cannot be read is used until the server refuses it.
 */

/** A token is refreshed this long before it expires: a quarter of its life, at most a minute. */
export const MAX_REFRESH_AHEAD_MS = 60_000;

export interface TokenTimes {
  issuedAtMs: number;
  expiresAtMs: number;
}

function decodeBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
}

/** The `iat` and `exp` of a JWT in milliseconds, unverified; null when it has no readable pair. */
export function readTokenTimes(token: string): TokenTimes | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decodeBase64Url(payload));
  } catch {
    return null;
  }
  const { iat, exp } = (claims ?? {}) as { iat?: unknown; exp?: unknown };
  if (typeof iat !== 'number' || typeof exp !== 'number' || !(exp > iat)) return null;
  return { issuedAtMs: iat * 1000, expiresAtMs: exp * 1000 };
}

/**
 * Judges tokens by the server's clock as well as the client can tell: a token answered just now
 * says, in its `iat`, what time the server thinks it is, which corrects for a client clock that is
 * off. Until one is answered (a reopened tab with a stored token) the client's own clock is taken.
 */
export class TokenClock {
  #serverAheadMs = 0;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** A token the server has just issued (sign-in, refresh, password change). */
  issued(token: string): void {
    const times = readTokenTimes(token);
    if (times) this.#serverAheadMs = times.issuedAtMs - this.now();
  }

  /** Milliseconds until `token` is due for a refresh (≤ 0: due now); null when its times are unknown. */
  refreshDueIn(token: string): number | null {
    const times = readTokenTimes(token);
    if (!times) return null;
    const ahead = Math.min(MAX_REFRESH_AHEAD_MS, (times.expiresAtMs - times.issuedAtMs) / 4);
    return times.expiresAtMs - ahead - (this.now() + this.#serverAheadMs);
  }
}

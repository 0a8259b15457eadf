/**
 * Hits per key in fixed windows (as @fastify/rate-limit counts): a key may be hit `limit` times
 * per window that starts at its first hit. Kept in memory per app; windows that ended are pruned
 * as the map grows, so it holds about as many keys as were seen in one window.
 */
export class WindowCounter {
  readonly #windows = new Map<string, { start: number; count: number }>();
  #pruneAt = 1_000;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit of `key` at `now`: 0 when it is allowed, else the milliseconds until it would be. */
  hit(key: string, now: number): number {
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
      if (this.#windows.size > this.#pruneAt) this.#prune(now);
    }
    if (window.count >= this.limit) return Math.max(1, window.start + this.windowMs - now);
    window.count += 1;
    return 0;
  }

  /** Hits of `key` counted in its window at `now` (0 once the window ended). */
  used(key: string, now: number): number {
    const window = this.#windows.get(key);
    return window && now - window.start < this.windowMs ? window.count : 0;
  }

  /** Milliseconds until the window of `key` ends (at least 1); 0 when it has none at `now`. */
  endsIn(key: string, now: number): number {
    const window = this.#windows.get(key);
    return window && now - window.start < this.windowMs ? Math.max(1, window.start + this.windowMs - now) : 0;
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) if (now - window.start >= this.windowMs) this.#windows.delete(key);
    // Many live keys: prune again only once the map has doubled, so hits stay O(1) on average.
    this.#pruneAt = Math.max(1_000, this.#windows.size * 2);
  }
}

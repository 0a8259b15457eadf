/**
 * The API budget of each key (issue 22: "rate limits apply per key"): a fixed window per key id,
 * counted on this instance like the per-address flood guard (http/security.ts says why that is
 * per instance). A key's requests also count towards their address's budget and their owner's
 * per-user limits (crawls, summaries), so several keys never add up to more than one user gets.
 */
import { AppError, retryAfter } from '../core/AppError.js';
import type { Clock } from '../core/types.js';

export interface KeyRateLimitOptions {
  max: number;
  windowMs: number;
}

interface Window {
  startedAt: number;
  count: number;
}

export class KeyRateLimit {
  readonly #windows = new Map<string, Window>();
  #sweptAt = 0;

  constructor(
    private readonly options: KeyRateLimitOptions,
    private readonly clock: Clock,
  ) {}

  /** Counts one request of the key; throws a 429 rate_limited with Retry-After once its window is spent. */
  take(keyId: string): void {
    const now = this.clock();
    this.#sweep(now);
    let window = this.#windows.get(keyId);
    if (!window || now - window.startedAt >= this.options.windowMs) {
      window = { startedAt: now, count: 0 };
      this.#windows.set(keyId, window);
    }
    window.count += 1;
    if (window.count <= this.options.max) return;
    const seconds = Math.max(1, Math.ceil((window.startedAt + this.options.windowMs - now) / 1000));
    throw new AppError(
      'rate_limited',
      `Too many requests with this API key, please try again in ${seconds} seconds`,
      retryAfter(seconds),
    );
  }

  /** Drops spent windows once a window, so keys no longer used cost nothing. */
  #sweep(now: number): void {
    if (now - this.#sweptAt < this.options.windowMs) return;
    this.#sweptAt = now;
    for (const [id, window] of this.#windows) {
      if (now - window.startedAt >= this.options.windowMs) this.#windows.delete(id);
    }
  }
}

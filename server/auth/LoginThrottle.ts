/**
 * Failed-login throttle: a sliding window of failures per username+IP and per IP. Over the
 * limit, login answers 429 with Retry-After until the oldest failure leaves the window; it is
 * never a permanent lockout, and a success clears the username+IP count. In memory, per
 * instance: with several instances each keeps its own window.
 */
import type { Clock } from '../appTypes.js';

export interface LoginThrottleLimits {
  windowMs: number;
  maxFailuresPerUser: number;
  maxFailuresPerIp: number;
}

const MAX_KEYS = 10_000;

export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginThrottleLimits,
    private readonly clock: Clock,
  ) {}

  /** Seconds to wait before another attempt, or 0 when an attempt is allowed now. */
  retryAfterSeconds(username: string, ip: string): number {
    const now = this.clock();
    const waits = [
      this.#wait(this.#userKey(username, ip), this.limits.maxFailuresPerUser, now),
      this.#wait(this.#ipKey(ip), this.limits.maxFailuresPerIp, now),
    ];
    return Math.max(...waits);
  }

  recordFailure(username: string, ip: string): void {
    const now = this.clock();
    for (const key of [this.#userKey(username, ip), this.#ipKey(ip)]) {
      const list = this.#recent(key, now);
      list.push(now);
      this.#failures.delete(key);
      this.#failures.set(key, list);
    }
    this.#evict(now);
  }

  recordSuccess(username: string, ip: string): void {
    this.#failures.delete(this.#userKey(username, ip));
  }

  #userKey(username: string, ip: string): string {
    return `u:${username.toLowerCase()}|${ip}`;
  }

  #ipKey(ip: string): string {
    return `ip:${ip}`;
  }

  #recent(key: string, now: number): number[] {
    return (this.#failures.get(key) ?? []).filter((at) => at > now - this.limits.windowMs);
  }

  #wait(key: string, max: number, now: number): number {
    const list = this.#recent(key, now);
    if (list.length < max) return 0;
    // The attempt is allowed again once enough failures have left the window.
    const freesAt = list[list.length - max]! + this.limits.windowMs;
    return Math.max(1, Math.ceil((freesAt - now) / 1000));
  }

  /** Keeps memory bounded under a flood of distinct usernames or addresses. */
  #evict(now: number): void {
    if (this.#failures.size <= MAX_KEYS) return;
    for (const [key, list] of this.#failures) {
      if (list.every((at) => at <= now - this.limits.windowMs)) this.#failures.delete(key);
    }
    for (const key of this.#failures.keys()) {
      if (this.#failures.size <= MAX_KEYS) break;
      this.#failures.delete(key);
    }
  }
}

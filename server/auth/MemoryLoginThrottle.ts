/**
 * The LoginThrottle of one process: failure times and known addresses in bounded maps. `reserve`
 * decides and counts without awaiting anything, so requests arriving together are counted one
 * after another. With several instances each keeps its own counts (issue 12 shares them).
 */
import type { Clock } from '../core/types.js';
import type { AttemptDecision, LoginThrottle, LoginThrottleLimits, ReservedAttempt } from './LoginThrottle.js';
import { retryAfterSeconds, waitBeforeAttempt } from './throttlePolicy.js';

/** Keys kept per map before the least recently failed are dropped (memory stays bounded under a flood). */
const MAX_KEYS = 50_000;

/** Failure times by key, least recently touched first. */
class FailureLog {
  readonly #times = new Map<string, number[]>();

  constructor(private readonly keepMs: number) {}

  get(key: string, now: number): number[] {
    return (this.#times.get(key) ?? []).filter((at) => at > now - this.keepMs);
  }

  add(key: string, at: number): void {
    const times = this.get(key, at);
    times.push(at);
    this.#times.delete(key);
    this.#times.set(key, times);
    if (this.#times.size > MAX_KEYS) this.#evict(at);
  }

  /** Takes one failure at `at` back (a reserved attempt that succeeded). */
  remove(key: string, at: number): void {
    const times = this.#times.get(key);
    const index = times?.lastIndexOf(at) ?? -1;
    if (times && index >= 0) times.splice(index, 1);
  }

  clear(key: string): void {
    this.#times.delete(key);
  }

  #evict(now: number): void {
    for (const [key, times] of this.#times) {
      if (times.every((at) => at <= now - this.keepMs)) this.#times.delete(key);
    }
    for (const key of this.#times.keys()) {
      if (this.#times.size <= MAX_KEYS) break;
      this.#times.delete(key);
    }
  }
}

export class MemoryLoginThrottle implements LoginThrottle {
  readonly #pairs: FailureLog;
  readonly #addresses: FailureLog;
  readonly #accounts: FailureLog;
  /** `pairKey` → time of the last successful sign-in. */
  readonly #known = new Map<string, number>();

  constructor(
    private readonly limits: LoginThrottleLimits,
    private readonly clock: Clock,
  ) {
    this.#pairs = new FailureLog(limits.windowMs);
    this.#addresses = new FailureLog(limits.windowMs);
    this.#accounts = new FailureLog(limits.accountWindowMs);
  }

  async reserve(account: string, address: string): Promise<AttemptDecision> {
    const now = this.clock();
    const pair = pairKey(account, address);
    const knownAt = this.#known.get(pair);
    const history = {
      pair: this.#pairs.get(pair, now),
      address: this.#addresses.get(address, now),
      account: this.#accounts.get(account, now),
      knownAddress: knownAt !== undefined && knownAt > now - this.limits.knownAddressTtlMs,
    };
    const wait = waitBeforeAttempt(history, this.limits, now);
    if (wait > 0) return { allowed: false, retryAfterSeconds: retryAfterSeconds(wait) };
    this.#pairs.add(pair, now);
    this.#addresses.add(address, now);
    this.#accounts.add(account, now);
    return { allowed: true, attempt: { account, address, at: now } };
  }

  async succeeded({ account, address, at }: ReservedAttempt): Promise<void> {
    const pair = pairKey(account, address);
    this.#pairs.clear(pair);
    this.#addresses.remove(address, at);
    this.#accounts.remove(account, at);
    this.#known.delete(pair);
    this.#known.set(pair, this.clock());
    const oldest = this.#known.keys().next();
    if (this.#known.size > MAX_KEYS && !oldest.done) this.#known.delete(oldest.value);
  }
}

function pairKey(account: string, address: string): string {
  return JSON.stringify([account, address]);
}

/**
 * How long an attempt must wait, from the failure times the throttle keeps (LoginThrottle.ts).
 * Pure, so the in-memory throttle and a database-backed one apply the same rules.
 */
import type { LoginThrottleLimits } from './LoginThrottle.js';

export interface FailureHistory {
  /** Failure times of this account from this address, oldest first. */
  pair: readonly number[];
  /** Failure times from this address, any account, oldest first. */
  address: readonly number[];
  /** Failure times of this account, any address, oldest first. */
  account: readonly number[];
  /** The account signed in from this address within knownAddressTtlMs. */
  knownAddress: boolean;
}

/** Milliseconds until the window holds fewer than `max` failures (0 when it already does). */
function windowWait(times: readonly number[], max: number, windowMs: number, now: number): number {
  const recent = times.filter((at) => at > now - windowMs);
  const oldestCounted = recent[recent.length - max];
  if (recent.length < max || oldestCounted === undefined) return 0;
  return oldestCounted + windowMs - now;
}

/** Past the free failures, the next attempt waits base·2^(extra failures) after the last one. */
function backoffWait(times: readonly number[], limits: LoginThrottleLimits, now: number): number {
  const recent = times.filter((at) => at > now - limits.accountWindowMs);
  const extra = recent.length - limits.accountFreeFailures;
  const last = recent.at(-1);
  if (extra < 0 || last === undefined) return 0;
  const delay = Math.min(limits.accountMaxDelayMs, limits.accountBaseDelayMs * 2 ** Math.min(extra, 40));
  return last + delay - now;
}

/** Milliseconds to wait before this attempt may be evaluated; 0 allows it now. */
export function waitBeforeAttempt(history: FailureHistory, limits: LoginThrottleLimits, now: number): number {
  const waits = [windowWait(history.pair, limits.maxFailuresPerUser, limits.windowMs, now)];
  if (!history.knownAddress) {
    waits.push(windowWait(history.address, limits.maxFailuresPerIp, limits.windowMs, now));
    waits.push(backoffWait(history.account, limits, now));
  }
  return Math.max(0, ...waits);
}

/** A wait as a Retry-After value: whole seconds, at least 1. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

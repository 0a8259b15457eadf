/**
 * The failed-sign-in throttle (issue 7, finding 2). Password checks are counted BEFORE the hash is
 * verified: `reserve` records the attempt as a failure at once, and only a verified password
 * (`succeeded`) takes it back. So concurrent guesses see each other, and no more than the limit
 * are ever evaluated, however many arrive at the same moment.
 *
 * Limits (LoginThrottleLimits, see throttlePolicy.ts for how they combine):
 * - per account and address: a few failures per window, then 429 until the oldest one expires;
 * - per address, across accounts: many failures per window stop guessing new accounts from it;
 * - per account, across addresses: past a number of free failures each further attempt waits a
 *   delay that doubles per failure, up to a cap, so a botnet cannot guess one account freely.
 * An address the account has signed in from recently is "known": the address-wide and
 * account-wide limits do not apply to it, so neither a noisy neighbour behind the same address
 * nor a botnet can lock the owner out. Nothing is a permanent lockout.
 *
 * An interface so a later step can keep the counts in PostgreSQL and share them across instances;
 * MemoryLoginThrottle keeps them in this process.
 */

export interface LoginThrottleLimits {
  /** The window of the per-account+address and per-address counts. */
  windowMs: number;
  /** Failures of one account from one address within windowMs. */
  maxFailuresPerUser: number;
  /** Failures from one address within windowMs (accounts not known from it). */
  maxFailuresPerIp: number;
  /** The window of the account-wide count. */
  accountWindowMs: number;
  /** Account-wide failures before the backoff starts. */
  accountFreeFailures: number;
  /** The first backoff delay; it doubles with every further failure. */
  accountBaseDelayMs: number;
  accountMaxDelayMs: number;
  /** How long a successful sign-in keeps its address known to the account. */
  knownAddressTtlMs: number;
}

/** An attempt counted as a failure until `succeeded` is called with it. */
export interface ReservedAttempt {
  account: string;
  address: string;
  at: number;
}

export type AttemptDecision =
  | { allowed: true; attempt: ReservedAttempt }
  | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /**
   * Counts an attempt at `account` (a normalized username, or another secret's key) from
   * `address`, or says how long to wait. Implementations decide and count atomically.
   */
  reserve(account: string, address: string): Promise<AttemptDecision>;
  /** The secret was right: the attempt is not a failure, and the address becomes known. */
  succeeded(attempt: ReservedAttempt): Promise<void>;
}

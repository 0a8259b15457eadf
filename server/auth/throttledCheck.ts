import type { AppError } from '../core/AppError.js';
import type { LoginThrottle } from './LoginThrottle.js';

/**
 * Runs `check` (a password comparison) as one counted attempt at `account` from `address`:
 * throws `refuse(seconds)` when the throttle says wait, else answers what `check` found. The
 * attempt is counted before `check` starts, so concurrent guesses cannot slip past the limit.
 */
export async function throttledCheck(
  throttle: LoginThrottle,
  key: { account: string; address: string },
  check: () => Promise<boolean>,
  refuse: (retryAfterSeconds: number) => AppError,
): Promise<boolean> {
  const decision = await throttle.reserve(key.account, key.address);
  if (!decision.allowed) throw refuse(decision.retryAfterSeconds);
  const passed = await check();
  if (passed) await throttle.succeeded(decision.attempt);
  return passed;
}

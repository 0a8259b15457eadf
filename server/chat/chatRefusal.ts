/** A live chat refusal a visitor can act on: 429 with Retry-After (seconds) and a text that says how long. */
import type { ErrorCode } from '../../shared/errors.js';
import { AppError, retryAfter } from '../core/AppError.js';

export function tooManyRequests(code: ErrorCode, message: string, retryAfterSeconds: number): AppError {
  return new AppError(code, message, retryAfter(retryAfterSeconds));
}

/** Milliseconds to wait as whole seconds, at least one. */
export const waitSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** "1 second", "60 seconds". */
export const secondsText = (seconds: number): string => `${seconds} second${seconds === 1 ? '' : 's'}`;

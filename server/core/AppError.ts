/**
 * The one failure the server's own code throws: a stable code (shared/errors.ts ErrorCode), a text
 * for people and, where it helps, the field it is about and headers such as Retry-After. It names
 * no HTTP status: the edge looks the code up in one table (http/errorStatus.ts), so a service
 * cannot answer the same code with two statuses.
 */
import type { ErrorCode, ErrorDetails } from '../../shared/errors.js';
import { formatBytes } from '../../shared/format.js';
import { USER_QUOTAS, type UserQuota } from '../../shared/limits.js';

export interface AppErrorOptions {
  /** Extra answer headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Where the problem is, for editors that point at it (ErrorBody.details). */
  details?: ErrorDetails;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly headers: Record<string, string>;
  readonly details: ErrorDetails | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.headers = options.headers ?? {};
    this.details = options.details;
  }
}

/** Retry-After as the answer header, for refusals a client can wait out. */
export const retryAfter = (seconds: number): AppErrorOptions => ({ headers: { 'retry-after': String(seconds) } });

export const badRequest = (message: string, code: ErrorCode = 'bad_request') => new AppError(code, message);
/** Input that breaks a rule; the message names the field ('temperature: must be …'). */
export const validationFailed = (message: string) => new AppError('validation_failed', message);
export const invalidField = (field: string, problem: string) => validationFailed(`${field}: ${problem}`);
/** Names the field and where in it the problem is, e.g. a syntax error's line and column in handler_code. */
export const invalidAt = (details: ErrorDetails, problem: string) =>
  new AppError('validation_failed', `${details.field}: ${problem}`, { details });
export const unauthorized = (message = 'Authentication required', code: ErrorCode = 'unauthorized') =>
  new AppError(code, message);
export const forbidden = (
  message = 'You do not have permission to perform this action',
  code: ErrorCode = 'forbidden',
) => new AppError(code, message);
export const notFound = (message = 'Resource not found') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** `row` when there is one; else a 404 with `message` (another owner's row reads as a missing one). */
export function foundOr404<T>(row: T | undefined, message: string): T {
  if (row === undefined) throw notFound(message);
  return row;
}

/**
 * A write that would pass one of the user's quotas; `what` names it ('tools per user', 'of tool
 * handler code and parameters per user'). Byte quotas read as sizes: 'at most 5 MB of …'.
 */
export const quotaExceeded = (quota: UserQuota, what: string) => {
  const limit = USER_QUOTAS[quota];
  const amount = quota.includes('Bytes') ? formatBytes(limit) : String(limit);
  return new AppError('quota_exceeded', `Limit reached: at most ${amount} ${what}`);
};
/** The tool sandbox cannot take a job now (busy, shutting down); `message` says which. */
export const sandboxUnavailable = (message: string) => new AppError('sandbox_unavailable', message, retryAfter(5));

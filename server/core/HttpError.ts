import type { ErrorBody, ErrorCode, ErrorDetails } from '../../shared/errors.js';
import { USER_QUOTAS, type UserQuota } from '../../shared/limits.js';
import { formatBytes } from '../../shared/format.js';

/** A failure with a status, a stable code and a text for people; thrown from routes and hooks. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra answer headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
    /** Where the problem is, for editors that point at it (ErrorBody.details). */
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return { success: false, error: this.message, code: this.code, ...(this.details ? { details: this.details } : {}) };
  }
}

export const badRequest = (message: string, code: ErrorCode = 'bad_request') => new HttpError(400, code, message);
/** A 400 for input that breaks a rule; the message names the field ('temperature: must be …'). */
export const validationFailed = (message: string) => badRequest(message, 'validation_failed');
export const invalidField = (field: string, problem: string) => validationFailed(`${field}: ${problem}`);
/** A 400 naming the field and where in it the problem is, e.g. a syntax error's line and column in handler_code. */
export const invalidAt = (details: ErrorDetails, problem: string) =>
  new HttpError(400, 'validation_failed', `${details.field}: ${problem}`, {}, details);
export const unauthorized = (message = 'Authentication required', code: ErrorCode = 'unauthorized') =>
  new HttpError(401, code, message);
export const forbidden = (message = 'You do not have permission to perform this action', code: ErrorCode = 'forbidden') =>
  new HttpError(403, code, message);
export const notFound = (message = 'Resource not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

/**
 * A 403 for a write that would pass one of the user's quotas; `what` names it ('tools per user',
 * 'of tool handler code and parameters per user'). Byte quotas read as sizes: 'at most 5 MB of …'.
 */
export const quotaExceeded = (quota: UserQuota, what: string) => {
  const limit = USER_QUOTAS[quota];
  const amount = quota.includes('Bytes') ? formatBytes(limit) : String(limit);
  return new HttpError(403, 'quota_exceeded', `Limit reached: at most ${amount} ${what}`);
};
/** A 503 when the tool sandbox cannot take a job now (busy, shutting down); `message` says which. */
export const sandboxUnavailable = (message: string) => new HttpError(503, 'sandbox_unavailable', message, { 'retry-after': '5' });

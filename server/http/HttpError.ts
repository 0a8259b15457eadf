import type { ErrorBody, ErrorCode } from '../../shared/errors.js';
import { USER_QUOTAS, type UserQuota } from '../../shared/limits.js';

/** A failure with a status, a stable code and a text for people; thrown from routes and hooks. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra answer headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return { success: false, error: this.message, code: this.code };
  }
}

export const badRequest = (message: string, code: ErrorCode = 'bad_request') => new HttpError(400, code, message);
/** A 400 for input that breaks a rule; the message names the field ('temperature: must be …'). */
export const validationFailed = (message: string) => badRequest(message, 'validation_failed');
export const invalidField = (field: string, problem: string) => validationFailed(`${field}: ${problem}`);
export const unauthorized = (message = 'Authentication required', code: ErrorCode = 'unauthorized') =>
  new HttpError(401, code, message);
export const forbidden = (message = 'You do not have permission to perform this action', code: ErrorCode = 'forbidden') =>
  new HttpError(403, code, message);
export const notFound = (message = 'Resource not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** A 403 for a write that would pass one of the user's quotas; `what` names it ('tools per user'). */
export const quotaExceeded = (quota: UserQuota, what: string) =>
  new HttpError(403, 'quota_exceeded', `Limit reached: at most ${USER_QUOTAS[quota]} ${what}`);

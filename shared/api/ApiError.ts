import { deriveErrorText, type ErrorCode } from '../errors.js';

/** A failed API call; `message` is the spec's displayed text (part 1 §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The answer's code: one of the server's ErrorCodes, or whatever a proxy in between sent. */
  readonly code: ErrorCode | (string & {}) | undefined;

  constructor(status: number, body: unknown, clientMessage?: string) {
    super(deriveErrorText({ body, status, clientMessage }));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** True when `error` is an ApiError with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The one error policy (STYLE.md §12): every failure answers `{success:false, error, code}` with
 * the right status. Bad input is always a 4xx; 5xx answers hide internals and are logged with the
 * request id, which the client sees in the `x-request-id` header.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_TEXTS, type ErrorBody, type ErrorCode } from '../../shared/errors.js';
import { DatabaseUnavailableError } from '../core/DatabaseUnavailableError.js';
import { HttpError } from '../core/HttpError.js';
import { validationMessage } from '../core/validationMessage.js';

const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', message: 'Invalid Content-Length' },
};

/** Seconds a client is asked to wait while the database is out of reach; the pool reconnects by then or soon after. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The database error behind `error`, if any; a route may have wrapped it as its cause. */
function databaseUnavailable(error: unknown): DatabaseUnavailableError | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e instanceof DatabaseUnavailableError) return e;
  }
  return null;
}

function toHttpError(error: FastifyError | HttpError | Error): HttpError | null {
  if (error instanceof HttpError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return new HttpError(
      400,
      'validation_failed',
      validationMessage(fastifyError.validation, fastifyError.validationContext ?? 'body'),
    );
  }
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return new HttpError(known.status, known.code, known.message);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code: ErrorCode = status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'bad_request';
    return new HttpError(status, code, STATUS_TEXTS[status] ?? (error.message || 'Bad request'));
  }
  return null;
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const unavailable = databaseUnavailable(error);
  if (unavailable) {
    // Every request fails alike during an outage: the reason, without a stack, is enough.
    request.log.warn({ reason: unavailable.message }, 'database not reachable');
    const body: ErrorBody = { success: false, error: 'The database is not reachable. Please try again shortly.', code: 'database_unavailable' };
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).code(503).send(body);
    return;
  }
  const known = toHttpError(error);
  if (known) {
    reply.headers(known.headers).code(known.statusCode).send(known.toBody());
    return;
  }
  request.log.error({ err: error }, 'request failed');
  const body: ErrorBody = { success: false, error: STATUS_TEXTS[500]!, code: 'internal_error' };
  reply.code(500).send(body);
}

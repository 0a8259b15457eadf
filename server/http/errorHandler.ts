/**
 * The one error policy (STYLE.md §12): every failure answers `{success:false, error, code}` with
 * the right status. Bad input is always a 4xx; 5xx answers hide internals and are logged with the
 * request id, which the client sees in the `x-request-id` header. The server's own failures
 * (core/AppError) carry a code, and the status is the code's in STATUS_BY_CODE.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorBody, type ErrorCode, STATUS_TEXTS, statusText } from '../../shared/errors.js';
import { AppError } from '../core/AppError.js';
import { DatabaseUnavailableError } from '../core/DatabaseUnavailableError.js';
import { validationMessage } from '../core/validationMessage.js';
import { STATUS_BY_CODE } from './errorStatus.js';

/** A failure as it is answered. */
interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
}

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'Invalid Content-Length' },
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

/** The answer of a code from the table. */
function answer(
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
  details?: ErrorBody['details'],
): ErrorAnswer {
  return {
    status: STATUS_BY_CODE[code],
    headers,
    body: { success: false, error: message, code, ...(details ? { details } : {}) },
  };
}

/** The answer of a failure the server knows; null for an unexpected one (a 500). */
function knownAnswer(error: FastifyError | Error): ErrorAnswer | null {
  if (error instanceof AppError) return answer(error.code, error.message, error.headers, error.details);
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return answer(
      'validation_failed',
      validationMessage(fastifyError.validation, fastifyError.validationContext ?? 'body'),
    );
  }
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return answer(known.code, known.message);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400)
    return answer('invalid_json', 'The request body is not valid JSON');
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code: ErrorCode = status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'bad_request';
    // The one exception to the table: another 4xx of Fastify or a plugin keeps the status it
    // names (a 405, 406, 431 …), with the generic code, since the client's request caused it.
    return { ...answer(code, STATUS_TEXTS[status] ?? (error.message || 'Bad request')), status };
  }
  return null;
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const unavailable = databaseUnavailable(error);
  if (unavailable) {
    // Every request fails alike during an outage: the reason, without a stack, is enough.
    request.log.warn({ reason: unavailable.message }, 'database not reachable');
    const { status, body } = answer('database_unavailable', 'The database is not reachable. Please try again shortly.');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).code(status).send(body);
    return;
  }
  const known = knownAnswer(error);
  if (known) {
    reply.headers(known.headers).code(known.status).send(known.body);
    return;
  }
  request.log.error({ err: error }, 'request failed');
  const { status, body } = answer('internal_error', statusText(500));
  reply.code(status).send(body);
}

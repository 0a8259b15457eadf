/**
 * The displayed-error derivation of spec part 1 §8, in its order: the answer's `error`, then
 * `message`, then a string body, then `details` / `description` / `reason`; then the client's own
 * message unless it is a network, timeout or generic one; then the status table; then the fallback.
 */

export const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad request - please check your input data',
  401: 'Authentication required',
  403: 'You do not have permission to perform this action',
  404: 'Resource not found',
  409: 'Conflict - resource already exists or is in use',
  422: 'Validation error - please check your input data',
  500: 'Internal server error - please try again later',
};

export const FALLBACK_ERROR_TEXT = 'An unexpected error occurred';

/**
 * Every stable code the server puts in `{success:false, error, code}` answers, and only those: the
 * server's status table (server/http/errorStatus.ts) is a Record over this union, so a new code
 * does not compile until it has its status. Grouped by that status.
 */
export type ErrorCode =
  // 400: the request, or something the user saved, is for the user to fix.
  | 'bad_request'
  | 'validation_failed'
  | 'invalid_json'
  | 'wrong_password'
  | 'agent_has_no_number'
  | 'missing_credentials'
  | 'twilio_auth_failed'
  | 'twilio_error'
  | 'openai_auth_failed'
  | 'openai_request_rejected'
  | 'aborted'
  | 'invalid_url'
  | 'blocked_address'
  | 'robots_disallowed'
  | 'not_html'
  | 'no_content'
  // 401: no valid sign-in; the console signs in again.
  | 'unauthorized'
  | 'invalid_credentials'
  | 'token_expired'
  // 403
  | 'forbidden'
  | 'impersonation_denied'
  | 'quota_exceeded'
  // 404, 409, 413, 415
  | 'not_found'
  | 'conflict'
  | 'call_already_answered'
  | 'payload_too_large'
  | 'unsupported_media_type'
  // 422: an uploaded document read but unusable (issue 24).
  | 'document_has_no_text'
  | 'document_unreadable'
  // 429: wait and try again (most carry Retry-After).
  | 'rate_limited'
  | 'openai_quota_exceeded'
  | 'too_many_crawls'
  | 'too_many_summaries'
  | 'bot_rate_limited'
  | 'visitor_busy'
  | 'bot_busy'
  | 'owner_busy'
  | 'server_busy'
  // 500, 502: the server, or a service it calls, failed.
  | 'internal_error'
  | 'upstream_error'
  | 'crawl_failed'
  // 503: not available now; try again shortly.
  | 'sandbox_unavailable'
  | 'database_unavailable'
  | 'call_instance_unavailable'
  | 'bot_unavailable'
  | 'crawler_busy';

/**
 * Where in what a person typed a failure is, when the server knows: the field, and for code a
 * 1-based line and column (e.g. a syntax error in a tool's handler_code) an editor can point at.
 */
export interface ErrorDetails {
  field: string;
  line?: number;
  column?: number;
}

/** The error answer shape of every failing server route. */
export interface ErrorBody {
  success: false;
  error: string;
  code: ErrorCode;
  details?: ErrorDetails;
}

const GENERIC_CLIENT_MESSAGE =
  /^(network ?error|failed to fetch|load failed|networkerror.*|timeout.*|.*timed? ?out.*|request failed|request failed with status code \d+|error|unknown error|fetch failed)$/i;

/** Text of the status table for a status code (spec part 1 §8). */
export function statusText(status: number | undefined): string {
  if (status === undefined || status === 0) return FALLBACK_ERROR_TEXT;
  return STATUS_TEXTS[status] ?? `Request failed with status ${status}`;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The text a failed answer's body carries, if any (the first four steps of the derivation). */
export function errorTextFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') return nonEmptyString(body);
  if (body === null || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['error', 'message'] as const) {
    const text = nonEmptyString(record[key]);
    if (text) return text;
    // Some servers nest the error: {error: {message}}.
    const nested = record[key];
    if (nested && typeof nested === 'object') {
      const inner = nonEmptyString((nested as Record<string, unknown>).message);
      if (inner) return inner;
    }
  }
  for (const key of ['details', 'description', 'reason'] as const) {
    const text = nonEmptyString(record[key]);
    if (text) return text;
  }
  return undefined;
}

/** Derives the text shown to people for a failed request (spec part 1 §8). */
export function deriveErrorText(input: { body?: unknown; status?: number; clientMessage?: string }): string {
  const text = errorTextFromBody(input.body);
  if (text) return text;
  const own = nonEmptyString(input.clientMessage);
  if (own && !GENERIC_CLIENT_MESSAGE.test(own.trim())) return own;
  return statusText(input.status);
}

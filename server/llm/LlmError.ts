/**
 * A failed call to the model provider, classified so callers can answer people clearly:
 * the provider's status, its error code and message (VOICE.md §4.4), and how long it asked us
 * to wait before retrying.
 */
export type LlmErrorKind =
  | 'auth'
  | 'quota'
  | 'rate_limit'
  | 'context_length'
  | 'bad_request'
  | 'server'
  | 'network'
  | 'timeout'
  | 'incomplete'
  | 'aborted';

export class LlmError extends Error {
  override readonly name = 'LlmError';

  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly details: { status?: number; code?: string | null; retryAfterSeconds?: number | null } = {},
  ) {
    super(message);
  }
}

interface ProviderError {
  message?: unknown;
  type?: unknown;
  code?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The `{"error": {...}}` of an answer or a stream chunk, as an LlmError. */
export function providerError(error: unknown, status: number, headers?: Headers): LlmError {
  const body = (error !== null && typeof error === 'object' ? error : {}) as ProviderError;
  const code = text(body.code) ?? text(body.type);
  const message =
    text(body.message) ?? (status > 0 ? `The provider answered ${status}` : 'The provider reported an error');
  const details = { status, code, retryAfterSeconds: headers ? retryAfterSeconds(headers) : null };
  if (status === 401 || code === 'invalid_api_key') return new LlmError('auth', message, details);
  if (code === 'insufficient_quota') return new LlmError('quota', message, details);
  if (status === 429 || code === 'rate_limit_exceeded') return new LlmError('rate_limit', message, details);
  if (code === 'context_length_exceeded') return new LlmError('context_length', message, details);
  if (status === 408) return new LlmError('timeout', message, details);
  if (status >= 400 && status < 500) return new LlmError('bad_request', message, details);
  return new LlmError('server', message, details);
}

/** Of a failed answer's body, this much is read for its error message. */
const MAX_ERROR_BODY = 64 * 1024;

function errorOf(body: string): unknown {
  try {
    const parsed = JSON.parse(body) as { error?: unknown } | null;
    if (typeof parsed?.error === 'string') return { message: parsed.error };
    return parsed?.error ?? { message: body.slice(0, 500) || undefined };
  } catch {
    return { message: body.slice(0, 500) || undefined };
  }
}

/** A failed (non-2xx) answer of the provider, its `{"error": {...}}` body read, as an LlmError. */
export async function readProviderError(response: Response): Promise<LlmError> {
  const body = (await response.text().catch(() => '')).slice(0, MAX_ERROR_BODY);
  return providerError(errorOf(body), response.status, response.headers);
}

/** Seconds to wait: `retry-after-ms`, then `retry-after` as seconds or an HTTP date (as the SDK reads them). */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | null {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return Math.max(1, Math.ceil(ms / 1000));
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(1, Math.ceil((date - now) / 1000));
}

/**
 * One try of a delivery: a signed JSON POST through the outbound guard (public addresses only,
 * unless OUTBOUND_ALLOW names the target; checked before DNS, after it and on the socket), with a
 * time limit, never following a redirect. Any answer but a 2xx is a failure, and so is no answer.
 */
import { createGuardedFetch, OutboundRequestError } from '../net/outboundGuard.js';
import type { SignedHeaders } from './signWebhook.js';

/** What the log keeps of an answer's body. */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** Bodies read at most; a larger declared one is skipped unread (its status still counts). */
const MAX_READ_BYTES = 64 * 1024;

export interface TryResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  response: string | null;
  /** Seconds the receiver asked us to wait (Retry-After on a 429 or 503). */
  retryAfterSeconds: number | null;
  durationMs: number;
}

export interface SendOptions {
  timeoutMs: number;
  allow: readonly string[];
}

export async function sendWebhook(
  url: string,
  headers: SignedHeaders,
  body: string,
  options: SendOptions,
): Promise<TryResult> {
  const started = performance.now();
  const fetch = createGuardedFetch({
    allow: options.allow,
    maxRequests: 1,
    timeoutMs: options.timeoutMs,
    maxResponseBytes: MAX_READ_BYTES,
    maxRequestBytes: 4 * 1024 * 1024,
    userAgent: 'Switchboard-Webhooks/1.0',
  });
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
      redirect: 'manual',
      acceptResponse: (head) => !(Number(head.headers['content-length']) > MAX_READ_BYTES),
    });
    const ok = answer.status >= 200 && answer.status < 300;
    const redirect = answer.status >= 300 && answer.status < 400;
    return {
      ok,
      status: answer.status,
      error: ok
        ? null
        : redirect
          ? `Redirects are not followed (${answer.status} to ${(answer.headers.location ?? '').slice(0, 200)})`
          : `HTTP ${answer.status}`,
      response: excerpt(answer.body),
      retryAfterSeconds: retryAfter(answer.status, answer.headers['retry-after']),
      durationMs: elapsed(),
    };
  } catch (error) {
    const message = error instanceof OutboundRequestError ? error.message : 'The request failed';
    return { ok: false, status: null, error: message, response: null, retryAfterSeconds: null, durationMs: elapsed() };
  }
}

function excerpt(body: Buffer): string | null {
  if (body.length === 0) return null;
  // Cut on a character boundary: decoding a cut UTF-8 sequence gives a replacement character at most.
  return body.subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
}

function retryAfter(status: number, header: string | undefined): number | null {
  if ((status !== 429 && status !== 503) || header === undefined) return null;
  const seconds = Number(header.trim());
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

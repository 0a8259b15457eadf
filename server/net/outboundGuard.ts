import { formatBytes } from '../../shared/format.js';
import { isBlockedAddress } from './addressPolicy.js';
import { createGuardedLookup, type GuardedResolver } from './guardedLookup.js';
import { OutboundRequestError } from './OutboundRequestError.js';
import { type ResponseHead, requestOnce } from './requestOnce.js';
import { allowListKeys, type Target, vetTarget } from './targetPolicy.js';

export { isBlockedAddress } from './addressPolicy.js';
export type { GuardedResolver } from './guardedLookup.js';
export { type OutboundErrorCode, OutboundRequestError } from './OutboundRequestError.js';
export type { ResponseHead } from './requestOnce.js';

/**
 * Outbound HTTP for code that runs on behalf of users (tool handlers, the crawler): only http and
 * https to public addresses, checked before DNS, after DNS and on the connected socket, with every
 * redirect vetted again. All options are plain data so they can cross into a worker thread,
 * except `resolve`, which replaces DNS (tests simulate names that resolve to private addresses).
 */
export interface OutboundGuardOptions {
  /** "host:port" targets reachable even though their address is private (a caller's explicit choice). */
  allow?: readonly string[];
  /** Requests one guarded fetch may make in its lifetime (one tool call, one crawl). */
  maxRequests?: number;
  maxResponseBytes?: number;
  maxRequestBytes?: number;
  /** Per request, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  userAgent?: string;
  resolve?: GuardedResolver;
}

export const OUTBOUND_DEFAULTS = {
  maxRequests: 10,
  maxResponseBytes: 1024 * 1024,
  maxRequestBytes: 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 5,
  userAgent: 'Switchboard/0.1 (+tool fetch)',
} as const;

export interface GuardedRequestInit {
  method?: string;
  headers?: Record<string, string> | ReadonlyArray<readonly [string, string]>;
  body?: string | Uint8Array | null;
  signal?: AbortSignal;
  /**
   * Asked with the final (non-redirect) answer's status and headers before its body is read;
   * false skips the body without downloading it (`bodySkipped`), e.g. a crawler reading only HTML.
   */
  acceptResponse?: (head: ResponseHead) => boolean;
  /**
   * 'manual' answers a redirect as it came (status and Location, empty body) instead of following
   * it, as fetch's option of that name does: webhooks never follow one (Standard Webhooks).
   */
  redirect?: 'follow' | 'manual';
}

export interface GuardedResponse {
  /** The final URL after redirects. */
  url: string;
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  redirected: boolean;
  /** The body was not read because `acceptResponse` refused the answer. */
  bodySkipped?: boolean;
}

export type GuardedFetch = (url: string | URL, init?: GuardedRequestInit) => Promise<GuardedResponse>;

// Hop-by-hop and framing headers are ours to set; letting callers set them invites request smuggling.
const CALLER_FORBIDDEN_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const METHOD = /^[A-Za-z]{1,20}$/;

/** Creates a fetch bound to one request budget; see OutboundGuardOptions. */
export function createGuardedFetch(options: OutboundGuardOptions = {}): GuardedFetch {
  const limits = { ...OUTBOUND_DEFAULTS, ...definedOnly(options) };
  const allow = allowListKeys(options.allow);
  const lookup = createGuardedLookup(options.resolve);
  let used = 0;

  return async (input, init = {}) => {
    if (used >= limits.maxRequests) {
      throw new OutboundRequestError('too_many_requests', `Too many requests (limit ${limits.maxRequests} per call)`);
    }
    used += 1;
    const deadline = Date.now() + limits.timeoutMs;
    let method = (init.method ?? 'GET').toUpperCase();
    if (!METHOD.test(method))
      throw new OutboundRequestError('bad_request', `Invalid request method: ${method.slice(0, 40)}`);
    let body = toBody(init.body, limits.maxRequestBytes);
    if (body && (method === 'GET' || method === 'HEAD')) {
      throw new OutboundRequestError('bad_request', `A ${method} request cannot have a body`);
    }
    const headers = callerHeaders(init.headers, limits.userAgent, body);
    let target: Target = vetTarget(input, allow);

    for (let hops = 0; ; hops += 1) {
      const raw = await requestOnce(
        target.url,
        { method, headers, body },
        {
          lookup: target.allowListed ? undefined : lookup,
          isBlockedPeer: target.allowListed ? undefined : isBlockedAddress,
          deadline,
          timeoutMs: limits.timeoutMs,
          maxBytes: limits.maxResponseBytes,
          signal: init.signal,
          acceptResponse: init.acceptResponse,
        },
      );
      const location = raw.headers.location;
      if (location === undefined || ![301, 302, 303, 307, 308].includes(raw.status) || init.redirect === 'manual') {
        return { url: target.url.href, ...raw, redirected: hops > 0 };
      }
      if (hops >= limits.maxRedirects) {
        throw new OutboundRequestError('too_many_redirects', `Too many redirects (limit ${limits.maxRedirects})`);
      }
      const next = vetTarget(location, allow, target.url);
      // Browsers turn 303, and 301/302 after POST, into a body-less GET.
      if (raw.status === 303 || ((raw.status === 301 || raw.status === 302) && method === 'POST')) {
        if (method !== 'HEAD') method = 'GET';
        body = null;
        delete headers['content-type'];
        delete headers['content-length'];
      }
      if (next.url.origin !== target.url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
      target = next;
    }
  };
}

function toBody(body: GuardedRequestInit['body'], maxBytes: number): Buffer | null {
  if (body === undefined || body === null) return null;
  const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  if (buffer.length > maxBytes) {
    throw new OutboundRequestError('request_too_large', `Request body is larger than ${formatBytes(maxBytes)}`);
  }
  return buffer;
}

function callerHeaders(
  given: GuardedRequestInit['headers'],
  userAgent: string,
  body: Buffer | null,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const entries = Array.isArray(given) ? given : Object.entries(given ?? {});
  for (const [name, value] of entries) {
    const key = String(name).toLowerCase();
    if (CALLER_FORBIDDEN_HEADERS.has(key) || key.startsWith('proxy-')) continue;
    headers[key] = String(value);
  }
  headers['user-agent'] ??= userAgent;
  if (body) {
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
    headers['content-length'] = String(body.length);
  }
  return headers;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

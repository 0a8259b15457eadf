/**
 * The `fetch` the MCP SDK's Streamable HTTP transport is given: every request goes through the
 * outbound guard (net/outboundGuard.ts: public addresses only unless OUTBOUND_ALLOW names the
 * target, checked on the connected socket, redirects vetted again, bounded answers), the same
 * guard tool handlers' fetch and the crawler use.
 *
 * The guard reads whole answers (it counts their bytes), so a POST's event stream arrives once the
 * server has sent the reply and closed it, which is all a tool call needs. The standalone GET
 * stream is the exception: a server may hold it open for server-initiated messages for as long as
 * the session lives. Switchboard sends no requests a server could answer there (no sampling, no
 * roots, no elicitation), so the GET is answered here with 405, the status the transport reads as
 * "this server offers no such stream", rather than pinning a socket until the deadline.
 */
import type { GuardedFetch } from '../net/outboundGuard.js';

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** Statuses a Response cannot carry a body with. */
const NO_BODY = new Set([101, 204, 205, 304]);

function headerPairs(headers: HeadersInit | undefined): Array<[string, string]> {
  return [...new Headers(headers).entries()];
}

function bodyOf(body: RequestInit['body']): string | Uint8Array | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  // The SDK only ever posts JSON text; anything else is a programming error worth a clear message.
  throw new TypeError('The MCP client sent a request body that is not text');
}

export function guardedMcpFetch(guarded: GuardedFetch): FetchLike {
  return async (url, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method === 'GET') return new Response(null, { status: 405, statusText: 'Method Not Allowed' });
    const answer = await guarded(url, {
      method,
      headers: headerPairs(init.headers),
      body: bodyOf(init.body),
      ...(init.signal ? { signal: init.signal } : {}),
    });
    const body = NO_BODY.has(answer.status) || answer.body.length === 0 ? null : new Uint8Array(answer.body);
    return new Response(body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: Object.entries(answer.headers),
    });
  };
}

import type { OutboundRequestError } from '../net/outboundGuard.js';

/**
 * Why a crawl could not start: the address is refused by the outbound guard, robots.txt forbids
 * it or cannot be read, or the start page fails or is not HTML. `message` is for people.
 */
export type CrawlStartCode = 'blocked_address' | 'invalid_url' | 'robots_disallowed' | 'not_html' | 'unreachable';

export class CrawlStartError extends Error {
  override readonly name = 'CrawlStartError';

  constructor(
    readonly code: CrawlStartCode,
    message: string,
  ) {
    super(message);
  }
}

/** The `host:port` entry of OUTBOUND_ALLOW that names the site of `url`. */
function allowEntryOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'https:' ? '443' : '80')}`;
}

/**
 * One text for a refused address, saying both why and, for the people who run the server, the
 * one way in (issue 18: self-hosters crawling their own intranet site had no lead).
 */
export function blockedAddressMessage(url: string): string {
  return `${url} cannot be crawled: it is a private or local address. If you run this server and trust that site, allow it by adding ${allowEntryOf(url)} to OUTBOUND_ALLOW.`;
}

/** The start page (or its robots.txt) failed: the guard's verdict when there is one. */
export function startFailure(url: string, reason: string, cause: OutboundRequestError | null): CrawlStartError {
  if (cause?.code === 'blocked_address') return new CrawlStartError('blocked_address', blockedAddressMessage(url));
  if (cause?.code === 'invalid_url' || cause?.code === 'bad_protocol')
    return new CrawlStartError('invalid_url', cause.message);
  return new CrawlStartError('unreachable', `Could not crawl ${url}: ${reason}`);
}

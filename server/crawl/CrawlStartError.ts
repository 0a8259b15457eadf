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

/** The start page (or its robots.txt) failed: the guard's verdict when there is one. */
export function startFailure(url: string, reason: string, cause: OutboundRequestError | null): CrawlStartError {
  if (cause?.code === 'blocked_address') return new CrawlStartError('blocked_address', `${url} cannot be crawled: it is a private or local address`);
  if (cause?.code === 'invalid_url' || cause?.code === 'bad_protocol') return new CrawlStartError('invalid_url', cause.message);
  return new CrawlStartError('unreachable', `Could not crawl ${url}: ${reason}`);
}

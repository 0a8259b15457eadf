/**
 * robots.txt of one origin, read the way RFC 9309 §2.3.1 says: a 2xx answer is parsed (with
 * robots-parser, a spec-compliant parser with wildcard support), a 4xx means no rules, and a
 * server error or an unreachable file means the crawler may not crawl that origin at all.
 */
import robotsParser from 'robots-parser';
import type { GuardedFetch, GuardedResponse } from '../net/outboundGuard.js';
import { OutboundRequestError } from '../net/outboundGuard.js';
import { CRAWLER_ROBOTS_NAME } from './crawlLimits.js';

export interface RobotsPolicy {
  isAllowed(url: string): boolean;
  /** Sitemap URLs the file names. */
  sitemaps: string[];
  /** Crawl-delay for our crawler, in ms (0 when none). */
  crawlDelayMs: number;
}

/** robots.txt could not be read: the origin must not be crawled. `message` says why, after "Could not read …:". */
export class RobotsUnavailableError extends Error {
  override readonly name = 'RobotsUnavailableError';
  constructor(
    message: string,
    readonly failure: OutboundRequestError | null = null,
  ) {
    super(message);
  }
}

const ALLOW_ALL: RobotsPolicy = { isAllowed: () => true, sitemaps: [], crawlDelayMs: 0 };

export async function readRobots(fetch: GuardedFetch, origin: string, signal: AbortSignal): Promise<RobotsPolicy> {
  const url = `${origin}/robots.txt`;
  let response: GuardedResponse;
  try {
    response = await fetch(url, { signal, headers: { accept: 'text/plain,*/*;q=0.5' } });
  } catch (error) {
    if (error instanceof OutboundRequestError) {
      throw new RobotsUnavailableError(error.message, error);
    }
    throw error;
  }
  if (response.status >= 400 && response.status < 500) return ALLOW_ALL;
  if (response.status < 200 || response.status >= 300) {
    throw new RobotsUnavailableError(
      `it answered ${response.status}, and a site may not be crawled until its robots.txt can be read`,
    );
  }
  const robots = robotsParser(url, response.body.toString('utf8'));
  return {
    // robots-parser answers undefined for another origin's URL; the crawler never asks about those.
    isAllowed: (pageUrl) => robots.isAllowed(pageUrl, CRAWLER_ROBOTS_NAME) !== false,
    sitemaps: robots.getSitemaps(),
    crawlDelayMs: Math.max(0, (robots.getCrawlDelay(CRAWLER_ROBOTS_NAME) ?? 0) * 1000),
  };
}

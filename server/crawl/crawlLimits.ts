/**
 * The limits of one website crawl and of crawling per user (README, "Knowledge base"). Only
 * CRAWL_MAX_PAGES, CRAWL_TIMEOUT_MS and CRAWL_PARSE_THREADS come from the environment; tests
 * override the rest.
 */
import type { PerUserJobLimits } from '../core/PerUserJobLimits.js';

export interface CrawlLimits {
  /** Pages fetched (HTML or failed), the start page included. */
  maxPages: number;
  /** Links followed away from the start page; sitemap entries count as one link. */
  maxDepth: number;
  /** Size of one page's (decompressed) HTML; a larger page is listed with no content. */
  maxPageBytes: number;
  /** Characters of readable text kept per page. */
  maxPageChars: number;
  /** Wall-clock time of the whole crawl; what is done by then is the result. */
  timeoutMs: number;
  /** One request, redirects included. */
  requestTimeoutMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Sitemap files read (sitemap.xml, those robots.txt names, nested indexes). */
  maxSitemaps: number;
  maxSitemapBytes: number;
  /** Longest Crawl-delay of robots.txt honoured; a longer one is cut to this. */
  maxCrawlDelayMs: number;
}

/** Crawling as a service of the server: limits per crawl plus how many may run. */
export interface CrawlConfig extends CrawlLimits, PerUserJobLimits {
  /** Crawls the server runs at once, all users together. */
  maxRunning: number;
  /** CRAWL_PARSE_THREADS: worker threads reading pages, shared by all crawls (a user gets all but one). */
  parseThreads: number;
  /** Reading one page or sitemap in a thread; past it the thread is replaced and the page listed as failed. */
  parseTimeoutMs: number;
}

export const CRAWL_DEFAULTS: CrawlConfig = {
  maxPages: 50,
  maxDepth: 5,
  maxPageBytes: 2 * 1024 * 1024,
  maxPageChars: 100_000,
  timeoutMs: 45_000,
  requestTimeoutMs: 10_000,
  concurrency: 4,
  maxSitemaps: 5,
  maxSitemapBytes: 5 * 1024 * 1024,
  maxCrawlDelayMs: 2_000,
  maxRunningPerUser: 2,
  maxRunning: 8,
  parseThreads: 2,
  parseTimeoutMs: 5_000,
  rateLimit: { max: 20, windowMs: 10 * 60 * 1000 },
};

/** The crawler's identity, matched against robots.txt groups and sent as User-Agent. */
export const CRAWLER_USER_AGENT = 'SwitchboardBot/0.1 (+knowledge base crawler)';
export const CRAWLER_ROBOTS_NAME = 'SwitchboardBot';

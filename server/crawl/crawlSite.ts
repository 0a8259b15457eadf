/**
 * Crawls one website for a bot's knowledge base: the start page, then the pages it links to on
 * the same origin and those the sitemaps list, breadth-first, honouring robots.txt, within the
 * page, depth, size, time and concurrency limits. Every request passes the outbound guard. A page
 * that fails is listed with empty text; only a start page that cannot be crawled fails the crawl.
 */
import { createGuardedFetch, type GuardedFetch, type GuardedResolver } from '../net/outboundGuard.js';
import { CrawlStartError, startFailure } from './CrawlStartError.js';
import { type CrawledPage, crawledPage, failedPage, type PreviousPage } from './crawledPage.js';
import { CRAWLER_USER_AGENT, type CrawlLimits } from './crawlLimits.js';
import { isNonPageFile, normalizeUrl, originOf } from './crawlUrl.js';
import { fetchPage, type PageResult } from './fetchPage.js';
import type { PageExtractor } from './PageExtractor.js';
import { type RobotsPolicy, RobotsUnavailableError, readRobots } from './robots.js';
import { readSitemaps } from './sitemaps.js';
import { sleep } from './sleep.js';

export interface CrawlProgress {
  pagesDone: number;
  /** Pages known so far that the crawl will fetch (at most the page limit). */
  pagesFound: number;
  currentUrl: string | null;
}

export type { CrawledPage, PreviousPage } from './crawledPage.js';

/** Why the crawl stopped: it ran out of pages, hit the page or time limit, or was cancelled. */
export type CrawlFinish = 'complete' | 'page_limit' | 'time_limit' | 'cancelled';

export interface CrawlOutcome {
  pages: CrawledPage[];
  finish: CrawlFinish;
}

export interface CrawlRequest {
  /** An absolute http(s) URL (see startUrl). */
  url: string;
  limits: CrawlLimits;
  /** OUTBOUND_ALLOW entries. */
  allow?: readonly string[];
  extractor: Pick<PageExtractor, 'page' | 'sitemap'>;
  /** The user who crawls: the extractor's threads are shared fairly between users. */
  owner: string;
  signal?: AbortSignal;
  onProgress?: (progress: CrawlProgress) => void;
  /** Replaces DNS (tests). */
  resolve?: GuardedResolver;
  /** A re-crawl's pages by URL: asked for conditionally, and a 304 follows the stored links. */
  previous?: ReadonlyMap<string, PreviousPage>;
}

export { CrawlStartError } from './CrawlStartError.js';

/** Runs a crawl; rejects with CrawlStartError when the start page cannot be crawled at all. */
export function crawlSite(request: CrawlRequest): Promise<CrawlOutcome> {
  return new SiteCrawl(request).run();
}

interface Queued {
  url: string;
  depth: number;
}

class SiteCrawl {
  private readonly limits: CrawlLimits;
  private readonly deadline: AbortSignal;
  /** Aborted when the crawl returns, so pages still waiting for the extractor leave its line. */
  private readonly ended = new AbortController();
  private readonly signal: AbortSignal;
  private readonly pageFetch: GuardedFetch;
  private readonly auxFetch: GuardedFetch;
  private origin = '';
  private robots: RobotsPolicy | null = null;
  private readonly queue: Queued[] = [];
  /** URLs queued or fetched, so each is fetched once. */
  private readonly known = new Set<string>();
  /** Final URLs already listed (two links can redirect to one page). */
  private readonly listed = new Set<string>();
  /** One slot per fetch in start order: the listed page, or null when it was skipped. */
  private readonly slots: Array<CrawledPage | null> = [];
  private readonly inFlight = new Map<number, string>();
  private done = 0;
  private finished = false;

  constructor(private readonly request: CrawlRequest) {
    this.limits = request.limits;
    this.deadline = AbortSignal.timeout(this.limits.timeoutMs);
    this.signal = AbortSignal.any([...(request.signal ? [request.signal] : []), this.deadline, this.ended.signal]);
    const guard = {
      allow: request.allow,
      timeoutMs: this.limits.requestTimeoutMs,
      userAgent: CRAWLER_USER_AGENT,
      resolve: request.resolve,
    };
    this.pageFetch = createGuardedFetch({
      ...guard,
      maxRequests: this.limits.maxPages,
      maxResponseBytes: this.limits.maxPageBytes,
    });
    // robots.txt of the start origin and of a redirect's origin, plus the sitemaps.
    this.auxFetch = createGuardedFetch({
      ...guard,
      maxRequests: this.limits.maxSitemaps + 2,
      maxResponseBytes: this.limits.maxSitemapBytes,
    });
  }

  async run(): Promise<CrawlOutcome> {
    const start = this.request.url;
    try {
      const startPage = await this.crawlStart(start);
      if (startPage) {
        const sitemaps = [...(this.robots?.sitemaps ?? []), `${this.origin}/sitemap.xml`];
        const { extractor, owner } = this.request;
        const fromSitemaps = await readSitemaps({
          fetch: this.auxFetch,
          extractor,
          owner,
          origin: this.origin,
          sitemaps,
          maxSitemaps: this.limits.maxSitemaps,
          maxSitemapBytes: this.limits.maxSitemapBytes,
          signal: this.signal,
        });
        for (const url of fromSitemaps) this.enqueue(url, 1);
        await this.crawlQueue();
      }
    } catch (error) {
      if (!(error instanceof CrawlStartError) || !this.signal.aborted) throw error;
    } finally {
      this.ended.abort();
    }
    return this.outcome();
  }

  /** The start page decides the site's origin (after redirects); false when the crawl already ended. */
  private async crawlStart(start: string): Promise<boolean> {
    const robots = await this.robotsOf(originOf(start), start);
    if (!robots.isAllowed(start))
      throw new CrawlStartError('robots_disallowed', `The site's robots.txt does not allow crawling ${start}`);
    this.known.add(start);
    this.slots.push(null);
    this.inFlight.set(0, start);
    this.report(start);
    const result = await fetchPage(this.fetching(), start);
    if (this.signal.aborted) return false;
    if (result.kind === 'failed') throw startFailure(start, result.error, result.cause);
    if (result.kind === 'skipped' && result.links.length === 0) {
      throw new CrawlStartError('not_html', `${start} is not an HTML page (${result.reason})`);
    }
    this.origin = originOf(result.url);
    if (this.origin !== originOf(start)) {
      this.robots = await this.robotsOf(this.origin, result.url);
      if (!this.robots.isAllowed(result.url))
        throw new CrawlStartError('robots_disallowed', `The site's robots.txt does not allow crawling ${result.url}`);
    }
    this.record(0, 0, result);
    return true;
  }

  private async robotsOf(origin: string, pageUrl: string): Promise<RobotsPolicy> {
    try {
      this.robots = await readRobots(this.auxFetch, origin, this.signal);
      return this.robots;
    } catch (error) {
      if (!(error instanceof RobotsUnavailableError)) throw error;
      const refused = startFailure(pageUrl, error.message, error.failure);
      if (refused.code !== 'unreachable') throw refused;
      throw new CrawlStartError('unreachable', `Could not read ${origin}/robots.txt: ${error.message}`);
    }
  }

  private async crawlQueue(): Promise<void> {
    const delayMs = Math.min(this.robots?.crawlDelayMs ?? 0, this.limits.maxCrawlDelayMs);
    const concurrency = delayMs > 0 ? 1 : this.limits.concurrency;
    const running = new Set<Promise<void>>();
    const stopped = new Promise<void>((resolve) =>
      this.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    while (!this.signal.aborted) {
      while (
        running.size < concurrency &&
        this.queue.length > 0 &&
        this.slots.length < this.limits.maxPages &&
        !this.signal.aborted
      ) {
        if (delayMs > 0) await sleep(delayMs, this.signal);
        const next = this.queue.shift();
        if (next === undefined) break;
        const task: Promise<void> = this.visit(next).finally(() => running.delete(task));
        running.add(task);
      }
      if (running.size === 0) break;
      await Promise.race([...running, stopped]);
    }
  }

  private async visit(next: Queued): Promise<void> {
    const slot = this.slots.length;
    this.slots.push(null);
    this.inFlight.set(slot, next.url);
    this.report(next.url);
    const result = await fetchPage(this.fetching(), next.url);
    // Once cancelled or past the deadline, pages still in flight are settled by outcome().
    if (this.finished || this.signal.aborted) return;
    this.record(slot, next.depth, result);
  }

  private record(slot: number, depth: number, result: PageResult): void {
    this.inFlight.delete(slot);
    this.done += 1;
    const offSite = result.kind !== 'failed' && originOf(result.url) !== this.origin;
    const duplicate = this.listed.has(result.url);
    if (!offSite && !duplicate && this.robots?.isAllowed(result.url) !== false) {
      this.known.add(result.url);
      const page = crawledPage(result, this.origin, this.request.previous);
      if (page) {
        this.slots[slot] = page;
        this.listed.add(result.url);
      }
      const links = page?.links ?? (result.kind === 'skipped' ? result.links : []);
      if (depth < this.limits.maxDepth) for (const link of links) this.enqueue(link, depth + 1);
    }
    this.report(null);
  }

  private enqueue(raw: string, depth: number): void {
    const url = normalizeUrl(raw);
    if (!url || this.known.has(url) || originOf(url) !== this.origin || isNonPageFile(url)) return;
    if (this.robots && !this.robots.isAllowed(url)) return;
    this.known.add(url);
    this.queue.push({ url, depth });
  }

  private fetching() {
    return {
      fetch: this.pageFetch,
      extractor: this.request.extractor,
      maxChars: this.limits.maxPageChars,
      owner: this.request.owner,
      signal: this.signal,
      validatorsOf: (url: string) => this.request.previous?.get(url)?.validators,
    };
  }

  private report(currentUrl: string | null): void {
    if (this.finished) return;
    const pagesFound = Math.min(this.limits.maxPages, this.done + this.inFlight.size + this.queue.length);
    this.request.onProgress?.({ pagesDone: this.done, pagesFound: Math.max(pagesFound, this.done), currentUrl });
  }

  private outcome(): CrawlOutcome {
    this.finished = true;
    const finish: CrawlFinish = this.request.signal?.aborted
      ? 'cancelled'
      : this.deadline.aborted
        ? 'time_limit'
        : this.queue.length > 0
          ? 'page_limit'
          : 'complete';
    // Pages still loading at the deadline timed out; at a cancel they are simply not part of the result.
    if (finish === 'time_limit') {
      for (const [slot, url] of this.inFlight)
        this.slots[slot] = failedPage(url, 'The crawl reached its time limit before this page loaded', null);
    }
    const pages = this.slots.filter((page): page is CrawledPage => page !== null);
    return { pages, finish };
  }
}

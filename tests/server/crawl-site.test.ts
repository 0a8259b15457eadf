/**
 * The crawler against the fixture shop on 127.0.0.1 (allowed through OUTBOUND_ALLOW's list):
 * what a site owner would find in the Crawled URLs list, and what the crawler must never fetch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWL_DEFAULTS, type CrawlLimits } from '../../server/crawl/crawlLimits.js';
import { type CrawlOutcome, type CrawlProgress, CrawlStartError, crawlSite } from '../../server/crawl/crawlSite.js';
import { PageExtractor } from '../../server/crawl/PageExtractor.js';
import { type FixtureSite, startFixtureSite } from '../fixtures/siteFixture.js';

let extractor: PageExtractor;
beforeAll(() => {
  extractor = new PageExtractor();
});
afterAll(() => extractor.close());

const limits = (overrides: Partial<CrawlLimits> = {}): CrawlLimits => ({
  ...CRAWL_DEFAULTS,
  requestTimeoutMs: 1000,
  ...overrides,
});

function crawl(site: FixtureSite, extra: Partial<Parameters<typeof crawlSite>[0]> = {}) {
  return crawlSite({
    url: `${site.origin}/`,
    limits: limits(),
    allow: [site.hostPort],
    extractor,
    owner: 'site-owner',
    ...extra,
  });
}

const pathsOf = (site: FixtureSite, outcome: CrawlOutcome) => outcome.pages.map((p) => p.url.replace(site.origin, ''));
const pageAt = (site: FixtureSite, outcome: CrawlOutcome, path: string) =>
  outcome.pages.find((p) => p.url === `${site.origin}${path}`);
const timesRequested = (site: FixtureSite, path: string) => site.requested.filter((p) => p === path).length;

describe('a full crawl of the shop', () => {
  let site: FixtureSite;
  let outcome: CrawlOutcome;
  const progress: CrawlProgress[] = [];

  beforeAll(async () => {
    site = await startFixtureSite({ slowMs: 5000 });
    outcome = await crawl(site, { onProgress: (p) => progress.push(p) });
  });
  afterAll(() => site.close());

  it('lists the start page first, then every page linked or in a sitemap, with readable text', () => {
    expect(outcome.finish).toBe('complete');
    expect(outcome.pages[0]).toMatchObject({ url: `${site.origin}/`, error: null });
    expect(pathsOf(site, outcome)).toEqual(
      expect.arrayContaining([
        '/about',
        '/about/team',
        '/products',
        '/contact',
        '/private/open',
        '/loop/a',
        '/loop/b',
        '/from-sitemap',
        '/from-index',
      ]),
    );
    const home = outcome.pages[0]!.text;
    expect(home).toContain('Welcome to Acme Garden Supplies');
    expect(home).not.toContain('script text must never be read');
    expect(home).not.toContain('color: red');
    expect(pageAt(site, outcome, '/products')?.text).toContain('We sell rakes for 25 euros');
  });

  it('fetches each page once, whatever its spelling, fragment or loop', () => {
    expect(new Set(pathsOf(site, outcome)).size).toBe(outcome.pages.length);
    for (const path of ['/', '/loop/a', '/loop/b', '/about/team', '/products', '/contact'])
      expect(timesRequested(site, path)).toBe(1);
    // Once linked, once more behind /moved's redirect; listed once.
    expect(timesRequested(site, '/about')).toBe(2);
    expect(site.requested).not.toContain('/contact?');
  });

  it('honours robots.txt: disallowed pages are never requested, an Allow line inside them is', () => {
    expect(site.requested.filter((p) => p.startsWith('/private/'))).toEqual(['/private/open']);
  });

  it('reads sitemap.xml and the sitemaps robots.txt names, nested ones included', () => {
    expect(site.requested).toEqual(
      expect.arrayContaining(['/sitemap.xml', '/sitemap-index.xml', '/sitemap-extra.xml']),
    );
    expect(pageAt(site, outcome, '/from-index')?.text).toContain('Only the nested sitemap links to gift cards');
  });

  it('lists a page that fails with no content and carries on', () => {
    for (const path of ['/broken', '/huge', '/slow', '/redirect-internal', '/redirect-metadata']) {
      expect(pageAt(site, outcome, path), path).toMatchObject({ text: '', error: expect.any(String) });
    }
    expect(pageAt(site, outcome, '/huge')?.error).toBe('Response is larger than 2 MB');
    expect(pageAt(site, outcome, '/slow')?.error).toBe('Request timed out after 1000 ms');
  });

  it('never follows a redirect to a private or metadata address', () => {
    expect(site.internalHits).toEqual([]);
    expect(pageAt(site, outcome, '/redirect-internal')?.error).toBe('Blocked request to a private address: 127.0.0.1');
    expect(pageAt(site, outcome, '/redirect-metadata')?.error).toBe(
      'Blocked request to a private address: 169.254.169.254',
    );
  });

  it('reads only HTML: a PDF is dropped after its headers and a .pdf link is never fetched', () => {
    expect(pathsOf(site, outcome)).not.toContain('/download');
    expect(timesRequested(site, '/download')).toBe(1);
    expect(site.downloadFinished()).toBe(false);
    expect(site.requested).not.toContain('/files/manual.pdf');
  });

  it('stops following links past the depth limit', () => {
    expect(pathsOf(site, outcome)).toContain(`/deep/${CRAWL_DEFAULTS.maxDepth}`);
    expect(site.requested).not.toContain(`/deep/${CRAWL_DEFAULTS.maxDepth + 1}`);
  });

  it('falls back to the body text when Readability finds no article, and decodes the declared charset', () => {
    expect(pageAt(site, outcome, '/sidebar-only')?.text).toBe('Opening hours: Monday to Friday, 9 to 17.');
    expect(pageAt(site, outcome, '/latin1')?.text).toContain('Our café serves crème brûlée.');
  });

  it('honours meta robots: a noindex page is not listed, a nofollow page’s links are not followed', () => {
    expect(pathsOf(site, outcome)).not.toContain('/noindex');
    expect(pathsOf(site, outcome)).toContain('/nofollow');
    expect(site.requested).not.toContain('/only-from-nofollow');
  });

  it('reports progress as it goes, ending with every found page done', () => {
    expect(progress.length).toBeGreaterThan(outcome.pages.length);
    const done = progress.map((p) => p.pagesDone);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(progress.every((p) => p.pagesDone <= p.pagesFound)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ pagesDone: progress.at(-1)!.pagesFound, currentUrl: null });
    expect(progress.some((p) => p.currentUrl === `${site.origin}/about/team`)).toBe(true);
  });
});

describe('crawl limits and stops', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ slowMs: 20_000 });
  });
  afterAll(() => site.close());

  it('stops at the page limit and says so', async () => {
    const before = site.requested.length;
    const outcome = await crawl(site, { limits: limits({ maxPages: 5 }) });
    expect(outcome.finish).toBe('page_limit');
    const pages = site.requested.slice(before).filter((p) => !p.includes('robots') && !p.includes('sitemap'));
    expect(pages).toHaveLength(5);
    expect(outcome.pages.length).toBeLessThanOrEqual(5);
  });

  it('ends at the time limit with what it has, the slow page listed as timed out', async () => {
    const outcome = await crawl(site, { limits: limits({ timeoutMs: 2500, requestTimeoutMs: 20_000 }) });
    expect(outcome.finish).toBe('time_limit');
    expect(pageAt(site, outcome, '/slow')).toMatchObject({
      text: '',
      error: 'The crawl reached its time limit before this page loaded',
    });
    expect(pageAt(site, outcome, '/about')?.text).toContain('founded in 1999');
  });

  it('stops when cancelled mid-crawl and answers what it crawled so far', async () => {
    const controller = new AbortController();
    const before = site.requested.length;
    let doneAtCancel = 0;
    const outcome = await crawl(site, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.pagesDone >= 3 && !controller.signal.aborted) {
          doneAtCancel = p.pagesDone;
          controller.abort();
        }
      },
    });
    expect(outcome.finish).toBe('cancelled');
    // Pages done by then are listed (unless skipped, like a PDF); pages still loading are dropped.
    expect(outcome.pages.length).toBeGreaterThanOrEqual(1);
    expect(outcome.pages.length).toBeLessThanOrEqual(doneAtCancel);
    expect(outcome.pages.every((p) => p.error === null || !p.error.includes('time limit'))).toBe(true);
    // Requests sent just before the cancel may still be arriving; nothing new is sent after it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const requestedAtCancel = site.requested.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(site.requested.length).toBe(requestedAtCancel);
    expect(requestedAtCancel - before).toBeLessThan(20);
  });

  it('waits the Crawl-delay robots.txt asks for between requests, one at a time', async () => {
    const slowSite = await startFixtureSite({ crawlDelay: 0.2 });
    try {
      await crawl(slowSite, { limits: limits({ maxPages: 4 }) });
      const pageTimes = slowSite.requested
        .map((path, i) => ({ path, at: slowSite.requestedAt[i]! }))
        .filter((r) => !r.path.includes('robots') && !r.path.includes('sitemap'));
      expect(pageTimes).toHaveLength(4);
      for (let i = 2; i < pageTimes.length; i += 1)
        expect(pageTimes[i]!.at - pageTimes[i - 1]!.at).toBeGreaterThanOrEqual(190);
    } finally {
      await slowSite.close();
    }
  });
});

describe('a crawl that cannot start', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite();
  });
  afterAll(() => site.close());

  const startError = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('refuses the same site without the allow-list entry, before any request reaches it', async () => {
    const before = site.requested.length;
    const error = await startError(crawl(site, { allow: [] }));
    expect(error).toBeInstanceOf(CrawlStartError);
    expect(error).toMatchObject({
      code: 'blocked_address',
      message: `${site.origin}/ cannot be crawled: it is a private or local address. If you run this server and trust that site, allow it by adding ${site.hostPort} to OUTBOUND_ALLOW.`,
    });
    expect(site.requested.length).toBe(before);
  });

  it('refuses a start page robots.txt disallows, and a start page that is not HTML', async () => {
    expect(await startError(crawl(site, { url: `${site.origin}/private/secret` }))).toMatchObject({
      code: 'robots_disallowed',
    });
    expect(await startError(crawl(site, { url: `${site.origin}/download` }))).toMatchObject({ code: 'not_html' });
    expect(await startError(crawl(site, { url: `${site.origin}/broken` }))).toMatchObject({
      code: 'unreachable',
      message: `Could not crawl ${site.origin}/broken: The page answered 500 Internal Server Error`,
    });
  });

  it('does not crawl a site whose robots.txt answers a server error (RFC 9309)', async () => {
    const broken = await startFixtureSite({ robotsStatus: 503 });
    try {
      const error = await startError(
        crawlSite({
          url: `${broken.origin}/`,
          limits: limits(),
          allow: [broken.hostPort],
          extractor,
          owner: 'site-owner',
        }),
      );
      expect(error).toMatchObject({ code: 'unreachable' });
      expect(broken.requested).toEqual(['/robots.txt']);
    } finally {
      await broken.close();
    }
  });
});

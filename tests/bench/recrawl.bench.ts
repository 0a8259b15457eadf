/**
 * Re-crawl of 200 unchanged pages (issue 24): the time one "Re-crawl now" takes and the requests
 * it makes on a 127.0.0.1 site whose pages carry ETags, where every known page should answer 304
 * to its conditional request and nothing be read again; then the same site without validators
 * (every page downloaded, read and compared by hash) for contrast.
 */
import { CRAWL_DEFAULTS } from '../../server/crawl/crawlLimits.js';
import { crawlSite } from '../../server/crawl/crawlSite.js';
import { PageExtractor } from '../../server/crawl/PageExtractor.js';
import { saveKnowledge } from '../../server/db/knowledge.js';
import { Recrawler } from '../../server/knowledge/Recrawler.js';
import { type ChangingSite, type SitePage, startChangingSite } from '../fixtures/changingSite.js';
import { botOfNewUser } from '../helpers/knowledgeSamples.js';
import { createTestApp } from '../helpers/serverApp.js';
import { type Bench, type BenchRow, machineLoadRow, round } from './harness.js';

const PAGES = 200;

function sitePages(withEtags: boolean): Record<string, SitePage> {
  const pages: Record<string, SitePage> = {
    '/': {
      title: 'Home',
      body: 'The index of the shop.',
      links: Array.from({ length: PAGES - 1 }, (_, i) => `/p${i}`),
    },
  };
  for (let i = 0; i < PAGES - 1; i++) {
    const body = `Product ${i}: ${'a sturdy garden tool for every season, '.repeat(30)}`;
    pages[`/p${i}`] = { title: `Product ${i}`, body, links: ['/'], ...(withEtags ? { etag: `"p${i}-v1"` } : {}) };
  }
  return pages;
}

async function measure(withEtags: boolean, extractor: PageExtractor): Promise<BenchRow[]> {
  const site: ChangingSite = await startChangingSite(sitePages(withEtags));
  const t = await createTestApp({ config: { outboundAllow: [site.hostPort] } });
  const limits = { ...CRAWL_DEFAULTS, maxPages: PAGES, timeoutMs: 120_000 };
  const recrawler = new Recrawler({
    db: t.db,
    clock: Date.now,
    log: { error: (...args: unknown[]) => console.error(...args) },
    limits,
    allow: [site.hostPort],
    extractor,
    summarize: async () => '',
    pollMs: 60_000,
    leaseMs: 600_000,
    concurrency: 1,
  });
  try {
    const bot = await botOfNewUser(t);
    const first = await crawlSite({
      url: `${site.origin}/`,
      limits,
      allow: [site.hostPort],
      extractor,
      owner: 'bench',
    });
    const pages = first.pages.map((page) => ({ url: page.url, text: page.text, selected: true }));
    await saveKnowledge(t.db, bot, { siteUrl: site.origin, summary: '', pages });
    await recrawler.runNow(bot); // learns the validators, as the first re-crawl after a console crawl does
    site.requests.length = 0;
    const started = performance.now();
    const result = await recrawler.runNow(bot);
    const ms = performance.now() - started;
    const pageRequests = site.requests.filter((r) => r.path !== '/robots.txt' && r.path !== '/sitemap.xml');
    const notModified = pageRequests.filter((r) => r.status === 304).length;
    const label = withEtags ? 'with ETags' : 'without validators';
    if (!result || result.changed + result.added + result.gone !== 0)
      throw new Error(`expected nothing changed, got ${JSON.stringify(result)}`);
    return [
      { metric: `re-crawl of ${PAGES} unchanged pages, ${label}`, value: round(ms, 0), unit: 'ms' },
      { metric: `page requests, ${label}`, value: pageRequests.length, unit: 'requests' },
      { metric: `answered 304, ${label}`, value: notModified, unit: 'requests' },
    ];
  } finally {
    await recrawler.stop();
    await t.close();
    await site.close();
  }
}

export const bench: Bench = {
  name: 'recrawl',
  description: `"Re-crawl now" of ${PAGES} unchanged pages: time, requests, and how many were 304`,
  async run() {
    const extractor = new PageExtractor();
    try {
      return [...(await measure(true, extractor)), ...(await measure(false, extractor)), machineLoadRow()];
    } finally {
      await extractor.close();
    }
  },
};

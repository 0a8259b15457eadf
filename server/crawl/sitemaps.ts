/**
 * Page URLs from a site's sitemaps: /sitemap.xml and those robots.txt names, following sitemap
 * indexes breadth-first, up to `maxSitemaps` files. Sitemaps are a hint: one that is missing,
 * broken or too large is skipped, never an error.
 */
import type { GuardedFetch } from '../net/outboundGuard.js';
import { normalizeUrl, originOf } from './crawlUrl.js';
import type { PageExtractor } from './PageExtractor.js';

export interface SitemapReading {
  fetch: GuardedFetch;
  extractor: Pick<PageExtractor, 'sitemap'>;
  /** Only sitemaps and pages of this origin are read and kept. */
  origin: string;
  /** Sitemaps to start from (robots.txt's, then /sitemap.xml). */
  sitemaps: string[];
  maxSitemaps: number;
  maxSitemapBytes: number;
  /** The user whose crawl it is (PageFetching.owner). */
  owner: string;
  signal: AbortSignal;
}

export async function readSitemaps(reading: SitemapReading): Promise<string[]> {
  const queue = unique(
    reading.sitemaps
      .map((s) => normalizeUrl(s))
      .filter((s): s is string => s !== null && originOf(s) === reading.origin),
  );
  const seen = new Set(queue);
  const pages: string[] = [];
  for (let read = 0; read < reading.maxSitemaps && queue.length > 0 && !reading.signal.aborted; read += 1) {
    const next = queue.shift();
    if (next === undefined) break;
    const parsed = await readOne(reading, next);
    for (const page of parsed?.pages ?? []) {
      const url = normalizeUrl(page);
      if (url && originOf(url) === reading.origin) pages.push(url);
    }
    for (const nested of parsed?.sitemaps ?? []) {
      const url = normalizeUrl(nested);
      if (url && originOf(url) === reading.origin && !seen.has(url)) {
        seen.add(url);
        queue.push(url);
      }
    }
  }
  return unique(pages);
}

async function readOne(reading: SitemapReading, url: string) {
  try {
    const response = await reading.fetch(url, {
      signal: reading.signal,
      headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' },
      acceptResponse: (head) => head.status >= 200 && head.status < 300,
    });
    if (response.bodySkipped || response.body.length === 0) return null;
    return await reading.extractor.sitemap(response.body, reading.maxSitemapBytes, {
      owner: reading.owner,
      signal: reading.signal,
    });
  } catch {
    return null;
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

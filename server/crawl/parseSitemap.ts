/**
 * A sitemap file (sitemaps.org): a `<urlset>` of page URLs or a `<sitemapindex>` of further
 * sitemaps, possibly gzipped. Parsed as XML with linkedom; anything else yields nothing.
 */
import { gunzipSync } from 'node:zlib';
import { DOMParser } from 'linkedom';
import { MAX_PAGE_DEPTH, markupShape } from './markupShape.js';

export interface ParsedSitemap {
  pages: string[];
  sitemaps: string[];
}

/** URLs taken from one file at most; a crawl reads far fewer pages anyway. */
const MAX_LOCS = 10_000;

export function parseSitemap(body: Uint8Array, maxBytes: number): ParsedSitemap {
  const bytes = isGzip(body) ? gunzipSync(body, { maxOutputLength: maxBytes }) : body;
  const text = new TextDecoder('utf-8').decode(bytes);
  // A sitemap nests three levels; one nested deeper is not a sitemap and would hold the parser (issue 18).
  if (markupShape(text, { elements: Number.POSITIVE_INFINITY, depth: MAX_PAGE_DEPTH }).depth > MAX_PAGE_DEPTH)
    return { pages: [], sitemaps: [] };
  const document = new DOMParser().parseFromString(text, 'text/xml') as unknown as Document;
  const root = document.documentElement?.localName?.toLowerCase();
  const locs = [...document.getElementsByTagName('loc')]
    .slice(0, MAX_LOCS)
    .map((loc) => (loc.textContent ?? '').trim())
    .filter(Boolean);
  if (root === 'urlset') return { pages: locs, sitemaps: [] };
  if (root === 'sitemapindex') return { pages: [], sitemaps: locs };
  return { pages: [], sitemaps: [] };
}

function isGzip(body: Uint8Array): boolean {
  return body[0] === 0x1f && body[1] === 0x8b;
}

/**
 * A page as a crawl lists it: its text, or why it has none, and what a later re-crawl needs to ask
 * for it again conditionally (the site's validators) and to follow it when the site answers 304
 * (its links on the site).
 */
import { isNonPageFile, normalizeUrl, originOf } from './crawlUrl.js';
import type { PageResult, PageValidators } from './fetchPage.js';

export interface CrawledPage {
  url: string;
  /** Readable text; '' when the page failed or is unchanged. */
  text: string;
  /** The page's `<title>` (issue 24: what its citations show); absent or '' when none or unchanged. */
  title?: string;
  /** Why the page has no content, or null. */
  error: string | null;
  /** The site answered 304 to a re-crawl's conditional request: the page is as stored. */
  unchanged: boolean;
  /** The site's answer when the page failed with one (404, 410, 500…), else null. */
  status: number | null;
  validators: PageValidators;
  /** The page's links on this site, so a later 304 can still be followed. */
  links: string[];
}

/** What a re-crawl knows of a page from the last crawl. */
export interface PreviousPage {
  validators: PageValidators;
  links: readonly string[];
}

const NO_VALIDATORS: PageValidators = { etag: '', lastModified: '' };

export function failedPage(url: string, error: string, status: number | null): CrawledPage {
  return { url, text: '', error, unchanged: false, status, validators: NO_VALIDATORS, links: [] };
}

/** The page a fetch lists, or null when it is skipped; a 304 keeps what the last crawl stored. */
export function crawledPage(
  result: PageResult,
  origin: string,
  previous: ReadonlyMap<string, PreviousPage> | undefined,
): CrawledPage | null {
  const { url } = result;
  switch (result.kind) {
    case 'page':
      return {
        url,
        text: result.text,
        title: result.title,
        error: null,
        unchanged: false,
        status: null,
        validators: result.validators,
        links: linksOnSite(result.links, origin),
      };
    case 'unchanged': {
      const before = previous?.get(url);
      const validators = before?.validators ?? NO_VALIDATORS;
      return {
        url,
        text: '',
        error: null,
        unchanged: true,
        status: null,
        validators,
        links: [...(before?.links ?? [])],
      };
    }
    case 'failed':
      return failedPage(url, result.error, result.status);
    default:
      return null;
  }
}

/** A page's links on the site, once each and never to files that are not pages. */
function linksOnSite(links: readonly string[], origin: string): string[] {
  const found = new Set<string>();
  for (const raw of links) {
    const url = normalizeUrl(raw);
    if (url && originOf(url) === origin && !isNonPageFile(url)) found.add(url);
  }
  return [...found];
}

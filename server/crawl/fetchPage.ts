/**
 * One page of a crawl: fetched through the outbound guard reading only HTML bodies, then read
 * by the extractor thread. What comes back says whether the page is listed, skipped or failed.
 */
import type { GuardedFetch, GuardedResponse } from '../net/outboundGuard.js';
import { OutboundRequestError } from '../net/outboundGuard.js';
import { isHtmlContentType, normalizeUrl } from './crawlUrl.js';
import type { ExtractedPage } from './extractPage.js';
import type { PageExtractor } from './PageExtractor.js';

/** What a site sent to tell versions of a page apart ('' when it sent nothing). */
export interface PageValidators {
  etag: string;
  lastModified: string;
}

export type PageResult =
  | { kind: 'page'; url: string; title: string; text: string; links: string[]; validators: PageValidators }
  /** A 304 to a conditional request: the page is as it was when it sent `validators`. */
  | { kind: 'unchanged'; url: string }
  /** Not a page of this crawl: not HTML, noindex, or an answer that is not worth a line. */
  | { kind: 'skipped'; url: string; reason: string; links: string[] }
  /** `status` is the site's answer when it gave one (404, 500…), null when the request failed. */
  | { kind: 'failed'; url: string; error: string; cause: OutboundRequestError | null; status: number | null };

export interface PageFetching {
  fetch: GuardedFetch;
  extractor: Pick<PageExtractor, 'page'>;
  maxChars: number;
  /** The user whose crawl it is: the extractor shares its threads fairly between users. */
  owner: string;
  /** The crawl's: it ends the request, and withdraws the page from the extractor's line. */
  signal: AbortSignal;
  /** What the site sent last time for a URL (re-crawls): asked with If-None-Match / If-Modified-Since. */
  validatorsOf?: (url: string) => PageValidators | undefined;
}

const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

/** Conditional request headers from stored validators (RFC 9110 §13.1), none when there are none. */
function conditionalHeaders(validators: PageValidators | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  return headers;
}

export async function fetchPage(fetching: PageFetching, url: string): Promise<PageResult> {
  let response: GuardedResponse;
  try {
    response = await fetching.fetch(url, {
      signal: fetching.signal,
      headers: { accept: ACCEPT_HTML, ...conditionalHeaders(fetching.validatorsOf?.(url)) },
      // Only a successful HTML answer is worth its body; a PDF or an error page is never downloaded.
      acceptResponse: (head) =>
        head.status >= 200 && head.status < 300 && isHtmlContentType(head.headers['content-type']),
    });
  } catch (error) {
    if (error instanceof OutboundRequestError)
      return { kind: 'failed', url, error: error.message, cause: error, status: null };
    throw error;
  }
  const finalUrl = normalizeUrl(response.url) ?? url;
  if (response.status === 304) return { kind: 'unchanged', url: finalUrl };
  if (response.status < 200 || response.status >= 300) {
    return {
      kind: 'failed',
      url: finalUrl,
      error: `The page answered ${response.status} ${response.statusText}`.trim(),
      cause: null,
      status: response.status,
    };
  }
  if (response.bodySkipped)
    return { kind: 'skipped', url: finalUrl, reason: `not HTML (${response.headers['content-type']})`, links: [] };
  let page: ExtractedPage;
  try {
    page = await fetching.extractor.page(response.body, response.headers['content-type'], finalUrl, fetching.maxChars, {
      owner: fetching.owner,
      signal: fetching.signal,
    });
  } catch (error) {
    return {
      kind: 'failed',
      url: finalUrl,
      error: `The page could not be read: ${(error as Error).message}`,
      cause: null,
      status: null,
    };
  }
  if (page.noindex) return { kind: 'skipped', url: finalUrl, reason: 'noindex', links: page.links };
  const validators = { etag: response.headers.etag ?? '', lastModified: response.headers['last-modified'] ?? '' };
  return { kind: 'page', url: finalUrl, title: page.title, text: page.text, links: page.links, validators };
}

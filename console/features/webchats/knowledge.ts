/**
 * A bot's knowledge as the bot page edits it (issue 9, spec part 2 §2 "Knowledge Base tab", §4,
 * §5): pages from a crawl, the content the selected pages make, and the checks done before a call.
 */
import type { CrawlResponse, KnowledgePage, WebchatKnowledge } from '../../../shared/types/knowledge.js';

export const EMPTY_KNOWLEDGE: WebchatKnowledge = { site_url: '', pages: [], summary: '' };

/** The preview's excerpt length (spec part 2 §9). */
export const PREVIEW_CHARS = 200;

/**
 * Whether the crawler can take what was typed: an http(s) address, or one without a scheme
 * ("example.com", "intranet:8080", tried as https then http). The same rule as the server's
 * startUrls (server/crawl/crawlUrl.ts), which checks again; this only spares a round trip.
 */
export function isCrawlableUrl(raw: string): boolean {
  const typed = raw.trim();
  if (typed === '' || /\s/.test(typed)) return false;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) && !/^[^:/]+:\d+(\/|$)/.test(typed);
  try {
    const url = new URL(hasScheme ? typed : `https://${typed}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A crawl's pages in crawl order, all Selected (spec part 2 §4); a failed page has no text. */
export function pagesFromCrawl(result: Pick<CrawlResponse, 'urls' | 'content' | 'titles'>): KnowledgePage[] {
  const seen = new Set<string>();
  const pages: KnowledgePage[] = [];
  for (const url of result.urls) {
    if (seen.has(url)) continue;
    seen.add(url);
    const text = result.content[url];
    const title = result.titles?.[url];
    pages.push({ url, text: typeof text === 'string' ? text : '', selected: true, ...(title ? { title } : {}) });
  }
  return pages;
}

/** An uploaded document (issue 24), not a crawled page. */
export const isDocument = (page: KnowledgePage) => page.source_kind === 'document';

/** What names an entry: a page's address, a document's file name. */
export const entryName = (page: KnowledgePage) => (isDocument(page) ? (page.file_name ?? '') : page.url);

/** An entry's identity in the list: addresses and file names never collide. */
export const entryKey = (page: KnowledgePage) => (isDocument(page) ? `document:${page.file_name ?? ''}` : page.url);

/** True when a page has text to use (blank text shows 'No content'). */
export const hasContent = (page: KnowledgePage) => page.text.trim() !== '';

/**
 * What Summarize Content sends and Copy Selected Content copies: each selected page with text,
 * headed by its address (a document by its file name) so a reader (and the model) can tell them apart.
 */
export function selectedContent(pages: readonly KnowledgePage[]): string {
  return pages
    .filter((page) => page.selected && hasContent(page))
    .map((page) => `${entryName(page)}\n${page.text.trim()}`)
    .join('\n\n');
}

/** Page by page; pages the edit did not touch are the same objects, so this stays cheap for megabytes. */
export function sameKnowledge(a: WebchatKnowledge, b: WebchatKnowledge): boolean {
  if (a === b) return true;
  if (a.site_url !== b.site_url || a.summary !== b.summary || a.pages.length !== b.pages.length) return false;
  return a.pages.every((page, i) => {
    const other = b.pages[i];
    return (
      page === other ||
      (other !== undefined &&
        entryKey(page) === entryKey(other) &&
        page.selected === other.selected &&
        page.text === other.text)
    );
  });
}

/** UTF-8 bytes of a text, the unit of the server's knowledge quota (shared/limits.ts). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte character: 2 + 2.
    else if (code >= 0xd800 && code <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

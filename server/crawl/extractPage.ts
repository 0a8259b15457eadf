/**
 * One crawled HTML page → its readable text and the links it offers. Parsing is linkedom (a
 * server-side DOM over htmlparser2); the text is what Mozilla Readability (Firefox Reader View)
 * takes for the article, or the whole body's text when Readability finds no article or the page
 * is too large or deep for it (its time grows much faster than the page: issue 18).
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { MarkupShape } from './markupShape.js';
import { readableText } from './readableText.js';

export interface ExtractedPage {
  title: string;
  text: string;
  /** Absolute URLs of the page's links (not followed when the page says nofollow). */
  links: string[];
  /** `<meta name="robots" content="noindex">`: the page's text must not be kept. */
  noindex: boolean;
}

/**
 * Readability reads pages up to this size (markupShape.ts's estimate); larger ones give the body's
 * text. Its own maxElemsToParse cannot see linkedom's elements, so the limit is applied here.
 */
const READABILITY_MAX = { elements: 10_000, depth: 128 };
/** Below this many characters an article is Readability clutching at straws; use the body. */
const MIN_ARTICLE_CHARS = 20;

export function extractPage(page: string, pageUrl: string, maxChars: number, shape: MarkupShape): ExtractedPage {
  // Browsers drop NUL from HTML text; the API refuses it (PostgreSQL cannot store it), and the
  // console sends a crawl's text back when it saves the bot.
  const html = page.replaceAll('\u0000', '');
  const { document } = parseHTML(html) as unknown as { document: Document };
  const base = baseUrl(document, pageUrl);
  const robots = metaRobots(document);
  const title = (document.querySelector('title')?.textContent ?? '').replace(/\s+/g, ' ').trim();
  // Links first: Readability rewrites the document it reads.
  const links = robots.has('nofollow') || robots.has('none') ? [] : pageLinks(document, base);
  const noindex = robots.has('noindex') || robots.has('none');
  const readable = shape.elements <= READABILITY_MAX.elements && shape.depth <= READABILITY_MAX.depth;
  const text = noindex
    ? ''
    : withTitle(title, readable ? articleText(document, html, maxChars) : bodyText(document, maxChars), maxChars);
  return { title, text, links, noindex };
}

/** Readability rewrites `document`; the fallback parses `html` afresh (rarely needed, so cheaper than a clone). */
function articleText(document: Document, html: string, maxChars: number): string {
  let article: Node | null | undefined = null;
  try {
    article = new Readability<Node>(document, { serializer: (node) => node }).parse()?.content;
  } catch {
    // A document Readability cannot walk: the body text still serves.
  }
  const text = article ? readableText(article, maxChars) : '';
  if (text.length >= MIN_ARTICLE_CHARS) return text;
  const { document: fresh } = parseHTML(html) as unknown as { document: Document };
  return bodyText(fresh, maxChars);
}

function bodyText(document: Document, maxChars: number): string {
  return document.body ? readableText(document.body, maxChars) : '';
}

function withTitle(title: string, text: string, maxChars: number): string {
  if (title === '' || text.startsWith(title)) return text;
  return `${title}\n\n${text}`.slice(0, maxChars);
}

function baseUrl(document: Document, pageUrl: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return pageUrl;
  }
}

/** The directives of `<meta name="robots">` and of our own crawler's `<meta name="switchboardbot">`. */
function metaRobots(document: Document): Set<string> {
  const directives = new Set<string>();
  for (const meta of document.querySelectorAll('meta[name][content]')) {
    const name = meta.getAttribute('name')?.toLowerCase();
    if (name !== 'robots' && name !== 'switchboardbot') continue;
    for (const token of (meta.getAttribute('content') ?? '').split(',')) directives.add(token.trim().toLowerCase());
  }
  return directives;
}

function pageLinks(document: Document, base: string): string[] {
  const links: string[] = [];
  for (const anchor of document.querySelectorAll('a[href], area[href]')) {
    const rel = (anchor.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('nofollow')) continue;
    try {
      links.push(new URL(anchor.getAttribute('href') ?? '', base).href);
    } catch {
      // Not a URL (e.g. "http://["): nothing to follow.
    }
  }
  return links;
}

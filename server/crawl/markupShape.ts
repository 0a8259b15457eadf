/**
 * A cheap look at a page's markup before it is parsed (issue 18): about how many elements it has
 * and how deep they nest, from one pass over the tags with no DOM. Parsing and Readability grow
 * much faster than the page with nesting (a 2 MB page of nested <div>s holds the parser for
 * minutes), so a page past the limits is refused before parsing, and a large one is read without
 * Readability (extractPage.ts).
 *
 * The estimate follows what an HTML parser builds closely enough for limits: comments and the
 * contents of script, style and the like are skipped; void elements, `<x/>` and the elements an
 * HTML parser closes by itself (p, li, td, option…) never add depth; any other start tag adds
 * one level and its end tag takes it back.
 */

export interface MarkupShape {
  /** Start tags. */
  elements: number;
  /** Deepest nesting reached. */
  depth: number;
}

/** Browsers stop nesting here (Blink's parser's maximum tree depth); real pages stay far below. */
export const MAX_PAGE_DEPTH = 512;
/** Pages with more elements are not read; a large article page has a few thousand. */
export const MAX_PAGE_ELEMENTS = 50_000;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'keygen',
  'basefont',
  'bgsound',
  'frame',
  'image',
]);
/** Closed by the parser when a sibling starts, so open ones do not pile up. */
const SELF_CLOSING_IN_PRACTICE = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'option',
  'optgroup',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'caption',
  'rb',
  'rt',
  'rp',
  'rtc',
  'html',
  'head',
  'body',
]);
/**
 * Their contents are text, not markup, to the parser (htmlparser2). Only these: skipping what the
 * parser reads as markup would let elements past the count.
 */
const RAW_TEXT = ['script', 'style', 'textarea', 'title'];

const isNameStart = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isNameChar = (code: number) => isNameStart(code) || (code >= 48 && code <= 57) || code === 45 || code === 58;

/** The shape of `html`; it stops counting once past either limit, so a huge page costs no more than a legal one. */
export function markupShape(
  html: string,
  limits = { elements: MAX_PAGE_ELEMENTS, depth: MAX_PAGE_DEPTH },
): MarkupShape {
  // Global regular expressions keep state (lastIndex), so each call has its own.
  const rawTextEnds = new Map(RAW_TEXT.map((name) => [name, new RegExp(`</${name}`, 'gi')]));
  let elements = 0;
  let open = 0;
  let depth = 0;
  let at = html.indexOf('<');
  while (at >= 0 && at < html.length - 1) {
    const next = html.charCodeAt(at + 1);
    if (next === 33 /* ! */) {
      const end = html.startsWith('<!--', at) ? html.indexOf('-->', at + 4) : html.indexOf('>', at + 2);
      at = end < 0 ? -1 : html.indexOf('<', end + 1);
      continue;
    }
    const closing = next === 47; /* / */
    const nameStart = closing ? at + 2 : at + 1;
    if (!isNameStart(html.charCodeAt(nameStart))) {
      at = html.indexOf('<', at + 1);
      continue;
    }
    let nameEnd = nameStart + 1;
    while (nameEnd < html.length && isNameChar(html.charCodeAt(nameEnd))) nameEnd += 1;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    const tagEnd = html.indexOf('>', nameEnd);
    if (tagEnd < 0) break;
    if (closing) {
      if (open > 0 && !VOID.has(name) && !SELF_CLOSING_IN_PRACTICE.has(name) && !rawTextEnds.has(name)) open -= 1;
      at = html.indexOf('<', tagEnd + 1);
      continue;
    }
    elements += 1;
    const rawEnd = rawTextEnds.get(name);
    if (rawEnd) {
      // Unclosed, the rest of the page is its text, as the parser reads it.
      rawEnd.lastIndex = tagEnd + 1;
      const end = rawEnd.exec(html);
      at = end ? html.indexOf('<', end.index + 2) : -1;
    } else {
      const selfClosed = html.charCodeAt(tagEnd - 1) === 47;
      if (!selfClosed && !VOID.has(name) && !SELF_CLOSING_IN_PRACTICE.has(name)) {
        open += 1;
        depth = Math.max(depth, open);
      }
      at = html.indexOf('<', tagEnd + 1);
    }
    if (elements > limits.elements || depth > limits.depth) break;
  }
  return { elements, depth };
}

/** Why a page of this shape is not read, or null when it may be. */
export function tooComplex(shape: MarkupShape): string | null {
  if (shape.depth > MAX_PAGE_DEPTH) return `its markup nests more than ${MAX_PAGE_DEPTH} levels deep`;
  if (shape.elements > MAX_PAGE_ELEMENTS)
    return `it has more than ${MAX_PAGE_ELEMENTS.toLocaleString('en-US')} elements`;
  return null;
}

import type { MakeElement } from './markdownElements.js';

/**
 * One alternation finds the next inline construct; earlier alternatives win at the same place:
 * a backslash escape, `code`, **strong** / __strong__, *em* / _em_, [label](url), a bare URL.
 * Emphasis stays within a line and needs its closing mark, so a half-streamed `**bold` is shown
 * as typed until the rest arrives.
 */
const INLINE =
  /\\([!-/:-@[-`{-~])|(`+)(.+?)\2(?!`)|(\*\*|__)(?=\S)(.*?\S)\4|([*_])(?=\S)(.*?\S)\6|\[([^\]]+)\]\(([^()\s]+)\)|https?:\/\/[^\s<>"]+/gi;
/** Only web links become links; javascript:, data:, relative and other addresses stay text. */
export const WEB_LINK = /^https?:\/\//i;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6} +(.*?)[ #]*$/;
const ITEM = /^( *)([-*+]|\d{1,9}[.)]) +(.*)$/;
/** A line that keeps a list going: an item, or an indented continuation or nested line. */
const IN_LIST = /^( *([-*+]|\d{1,9}[.)]) | +\S)/;

/**
 * The Markdown subset of bot answers, one set of rules for the widget and the console: paragraphs
 * with line breaks, bold, italic, inline code, fenced code blocks, nested ordered and unordered
 * lists, http(s) links (a new tab, without opener or referrer), and headings shown as bold lines
 * (the chat has its own heading levels). Anything else stays as typed, and text only ever becomes
 * text nodes: no HTML is parsed. It runs again on every streamed piece, so half an answer comes
 * out sensibly: an unclosed fence is a code block up to the end so far, an unclosed `**` stays as
 * typed.
 *
 * `make` builds each element: Preact's `h` in the widget, React's createElement in the console,
 * a plain tree in tests. The parser is made once per renderer.
 */
export function markdownParser<N>(make: MakeElement<N>): (source: string) => N[] {
  function link(href: string, label: string): N {
    return make('a', { href, target: '_blank', rel: 'noopener noreferrer' }, [label]);
  }

  /** A line: bold, italic, inline code and http(s) links; everything else is text. */
  function inline(text: string): (N | string)[] {
    const out: (N | string)[] = [];
    // A copy per call: the recursion for nested emphasis must not share lastIndex.
    const pattern = new RegExp(INLINE);
    let last = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const [whole, escaped, , code, strongMark, strong, emMark, em, label, href] = m;
      // snake_case_words aren't emphasis: underscores only count at word edges.
      if (
        (strongMark ?? emMark)?.[0] === '_' &&
        /\w/.test((text[m.index - 1] ?? '') + (text[pattern.lastIndex] ?? ''))
      ) {
        pattern.lastIndex = m.index + 1;
        continue;
      }
      let node: N | string = whole;
      if (escaped) node = escaped;
      else if (code) node = make('code', {}, [code]);
      else if (strong) node = make('strong', {}, inline(strong));
      else if (em) node = make('em', {}, inline(em));
      else if (label && href) node = WEB_LINK.test(href) ? link(href, label) : whole;
      else {
        // Sentence punctuation after a bare URL belongs to the sentence.
        const url = whole.replace(/[.,:;!?'*_)\]]+$/, '');
        pattern.lastIndex = m.index + url.length;
        node = link(url, url);
      }
      if (m.index > last) out.push(text.slice(last, m.index));
      out.push(node);
      last = pattern.lastIndex;
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  }

  function blocks(source: string): N[] {
    const lines = source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
    const out: N[] = [];
    for (let i = 0; i < lines.length; ) {
      const line = lines[i] ?? '';
      const fence = FENCE.exec(line)?.[1];
      const heading = HEADING.exec(line)?.[1];
      if (fence) {
        const end = new RegExp(`^ *${fence}${fence[0]}* *$`);
        const code: string[] = [];
        for (let next = lines[++i]; next !== undefined && !end.test(next); next = lines[++i]) code.push(next);
        i++;
        out.push(make('pre', {}, [make('code', {}, [code.join('\n')])]));
      } else if (!line.trim()) {
        i++;
      } else if (heading !== undefined) {
        i++;
        out.push(make('p', {}, [make('strong', {}, inline(heading))]));
      } else if (ITEM.test(line)) {
        const start = i;
        // Blank lines between items (a "loose" list) don't end it.
        while (
          ++i < lines.length &&
          (IN_LIST.test(lines[i] ?? '') || (!lines[i]?.trim() && IN_LIST.test(lines[i + 1] ?? '')))
        );
        out.push(...lists(lines.slice(start, i)));
      } else {
        const paragraph: string[] = [];
        for (
          let next = line;
          i < lines.length &&
          next.trim() &&
          !FENCE.test(next) &&
          !HEADING.test(next) &&
          !(paragraph.length && ITEM.test(next));
          next = lines[++i] ?? ''
        ) {
          paragraph.push(next.trim());
        }
        out.push(
          make(
            'p',
            {},
            paragraph.flatMap((text, k) => (k ? [make('br', {}, []), ...inline(text)] : inline(text))),
          ),
        );
      }
    }
    return out;
  }

  /**
   * Lists from their lines (the first is an item). Items at the first item's indent (give or take
   * one space) are siblings, and a switch between numbers and bullets starts a new list; every
   * other line belongs to the item above, less that item's indent, and is parsed as Markdown
   * again: nested lists, code blocks and paragraphs in items.
   */
  function lists(lines: string[]): N[] {
    const base = ITEM.exec(lines[0] ?? '')?.[1]?.length ?? 0;
    const found: { start: number; items: string[][] }[] = [];
    let items: string[][] = [];
    let width = 0;
    for (const line of lines) {
      const item = ITEM.exec(line);
      const [, indent = '', marker = '', rest = ''] = item ?? [];
      if (item && indent.length <= base + 1) {
        width = indent.length + marker.length + 1;
        // NaN for bullets.
        const start = parseInt(marker, 10);
        const last = found.at(-1);
        if (!last || Number.isNaN(start) !== Number.isNaN(last.start)) {
          items = [];
          found.push({ start, items });
        }
        items.push([rest]);
      } else {
        // The first line is an item, so a list item is always open here.
        items.at(-1)?.push(line.slice(Math.min(width, line.search(/\S|$/))));
      }
    }
    return found.map(({ start, items }) => {
      const children = items.map((body) => make('li', {}, blocks(body.join('\n'))));
      return Number.isNaN(start) ? make('ul', {}, children) : make('ol', start === 1 ? {} : { start }, children);
    });
  }

  return blocks;
}

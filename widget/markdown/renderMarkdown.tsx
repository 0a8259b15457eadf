import type { VNode } from 'preact';
import { renderInline } from './renderInline.js';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6} +(.*?)[ #]*$/;
const ITEM = /^( *)([-*+]|\d{1,9}[.)]) +(.*)$/;
/** A line that keeps a list going: an item, or an indented continuation or nested line. */
const IN_LIST = /^( *([-*+]|\d{1,9}[.)]) | +\S)/;

/**
 * The Markdown subset bot answers use, as Preact elements (never HTML strings): paragraphs with
 * line breaks, bold, italic, inline code, fenced code blocks, nested ordered and unordered lists,
 * http(s) links, and headings shown as bold lines (the panel has its own heading levels).
 * Anything else stays as typed. It runs again on every streamed piece, so half an answer
 * renders sensibly: an unclosed fence is a code block up to the end so far, an unclosed `**`
 * stays as typed.
 */
export function renderMarkdown(source: string): VNode[] {
  const lines = source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  const blocks: VNode[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    const fence = FENCE.exec(line)?.[1];
    const heading = HEADING.exec(line)?.[1];
    if (fence) {
      const end = new RegExp(`^ *${fence}${fence[0]}* *$`);
      const code: string[] = [];
      while (++i < lines.length && !end.test(lines[i]!)) code.push(lines[i]!);
      i++;
      blocks.push(
        <pre>
          <code>{code.join('\n')}</code>
        </pre>,
      );
    } else if (!line.trim()) {
      i++;
    } else if (heading !== undefined) {
      i++;
      blocks.push(
        <p>
          <strong>{renderInline(heading)}</strong>
        </p>,
      );
    } else if (ITEM.test(line)) {
      const start = i;
      // Blank lines between items (a "loose" list) don't end it.
      while (++i < lines.length && (IN_LIST.test(lines[i]!) || (!lines[i]!.trim() && IN_LIST.test(lines[i + 1] ?? ''))));
      blocks.push(...renderLists(lines.slice(start, i)));
    } else {
      const paragraph: string[] = [];
      for (let next = line; i < lines.length && next.trim() && !FENCE.test(next) && !HEADING.test(next) && !(paragraph.length && ITEM.test(next)); next = lines[++i] ?? '') {
        paragraph.push(next.trim());
      }
      blocks.push(<p>{paragraph.flatMap((text, k) => (k ? [<br />, ...renderInline(text)] : renderInline(text)))}</p>);
    }
  }
  return blocks;
}

/**
 * Lists from their lines (the first is an item). Items at the first item's indent (give or take
 * one space) are siblings, and a switch between numbers and bullets starts a new list; every
 * other line belongs to the item above, less that item's indent, and is rendered as Markdown
 * again: nested lists, code blocks and paragraphs in items.
 */
function renderLists(lines: string[]): VNode[] {
  const base = ITEM.exec(lines[0]!)?.[1]?.length ?? 0;
  const lists: { start: number; items: string[][] }[] = [];
  let items: string[][] = [];
  let width = 0;
  for (const line of lines) {
    const item = ITEM.exec(line);
    if (item && item[1]!.length <= base + 1) {
      width = item[1]!.length + item[2]!.length + 1;
      // NaN for bullets.
      const start = parseInt(item[2]!, 10);
      if (!lists.length || Number.isNaN(start) !== Number.isNaN(lists[lists.length - 1]!.start)) lists.push({ start, items: (items = []) });
      items.push([item[3]!]);
    } else {
      items[items.length - 1]!.push(line.slice(Math.min(width, line.search(/\S|$/))));
    }
  }
  return lists.map(({ start, items }) => {
    const children = items.map((body) => <li>{renderMarkdown(body.join('\n'))}</li>);
    return Number.isNaN(start) ? <ul>{children}</ul> : <ol start={start === 1 ? undefined : start}>{children}</ol>;
  });
}

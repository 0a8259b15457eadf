/**
 * Citations (issue 24): the prompt numbers the passages it gives the model [1], [2], … and asks it
 * to cite them (chatPrompt.ts); here the answer's markers are mapped back to those passages and
 * taken out of the text. A number that was not given maps to nothing: a source is never invented.
 *
 * The markers leave the visitor's text: the sources are listed under the answer instead, and a
 * bare "[2]" means nothing to a visitor (nor does it survive the widget's Markdown as a link). As
 * the answer streams, a marker can arrive split across deltas ("[", "2]"), so CitationFilter holds
 * back an unfinished one until the next delta says what it is.
 */
import type { ChatSource } from '../../shared/types/chat.js';
import type { KnowledgePassage } from '../db/knowledge.js';

/** A document without a title (none should be: the file name is its title) still reads as something. */
const DOCUMENT_LABEL = 'Document';

/** "[2]", "[1][3]", "[1, 3]", with the spaces or tabs before it (never a line break: paragraphs stay apart). */
const MARKER = /[ \t]*\[(\d{1,3}(?:[ \t]*,[ \t]*\d{1,3})*)\]/g;
/** The end of a text that may be the start of a marker: held back until the next delta. */
const UNFINISHED = /[ \t]*(?:\[[\d, \t]*)?$/;
/** Longer than any marker worth holding ("[1, 2, 3, 4, 5, 6, 7, 8]" and spaces): it is text. */
const HOLD_MAX = 32;

/** The text without its citation markers, as the visitor reads it. */
export function withoutCitations(text: string): string {
  return text.replace(MARKER, '');
}

/** The numbers the text cites, in the order first cited, each once. */
export function citedNumbers(text: string): number[] {
  const numbers = new Set<number>();
  for (const match of text.matchAll(MARKER)) for (const n of (match[1] ?? '').split(',')) numbers.add(Number(n));
  return [...numbers];
}

/** The source of each cited number among the passages given ([1] is the first); one per page, or per passage of a document. */
export function citedSources(text: string, passages: readonly KnowledgePassage[]): ChatSource[] {
  const sources: ChatSource[] = [];
  const seen = new Set<string>();
  for (const n of citedNumbers(text)) {
    const passage = passages[n - 1];
    if (n < 1 || !passage) continue;
    // A page is one link whatever passage was cited; each passage of a document is its own excerpt.
    const key = passage.url === '' ? `${passage.page}:${passage.seq}` : `${passage.page}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sources.push({
      label: passage.title.trim() || passage.url || DOCUMENT_LABEL,
      url: passage.url,
      page: passage.page,
      passage: passage.seq,
    });
  }
  return sources;
}

/** Takes the markers out of a streamed answer: what `push` and `flush` return, joined, is withoutCitations(all deltas). */
export class CitationFilter {
  #held = '';

  /** The part of `delta` (with what was held) that can be shown now. */
  push(delta: string): string {
    const text = this.#held + delta;
    const unfinished = UNFINISHED.exec(text)?.[0] ?? '';
    const hold = unfinished.length <= HOLD_MAX ? unfinished : '';
    this.#held = hold;
    return withoutCitations(text.slice(0, text.length - hold.length));
  }

  /** What is still held when the answer ends. */
  flush(): string {
    const rest = withoutCitations(this.#held);
    this.#held = '';
    return rest;
  }
}

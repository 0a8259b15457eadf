/**
 * A page's text as passages for full-text search (migration 007): about PASSAGE_CHARS each, cut
 * at paragraph, line, sentence or word boundaries, so retrieval hands the model the relevant part
 * of a page rather than the page. The cut is exact: joined, the passages are the text.
 */
import { splitTextExactly } from '../core/splitText.js';

export const PASSAGE_CHARS = 1_000;

export function toPassages(text: string): string[] {
  return text === '' ? [] : splitTextExactly(text, PASSAGE_CHARS);
}

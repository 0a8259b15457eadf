/**
 * The search box's text as terms (issue 11): every term must match. A term is one word, a
 * "quoted phrase" (its words in that order), or a prefix (`refun*`). Words are letters, marks and
 * digits only, lower-cased: punctuation never reaches FTS5 or tsquery as syntax, and a chunk joined
 * by punctuation ('order-1234', 'e.g.') is searched as the phrase of its words, the way the
 * tokenizer indexed it. The query builders (db/historyMatch.ts) then quote every word.
 */
import { HISTORY_LIMITS } from '../../shared/types/history.js';
import { invalidField } from '../core/AppError.js';
import type { SearchTerm } from '../db/historyQuery.js';

const MAX_WORD_CHARS = 64;
const MIN_PREFIX_CHARS = 2;
/** A quoted phrase (the closing quote may be missing at the end), or a run without spaces. */
const CHUNK = /"([^"]*)"?(\*?)|[^\s"]+/gu;

const wordsOf = (text: string) =>
  (text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).map((word) => word.slice(0, MAX_WORD_CHARS));

/** The terms of `text`; [] when it is blank. Throws a 400 naming `q` for text that cannot be searched. */
export function parseSearchText(text: string): SearchTerm[] {
  if (text.length > HISTORY_LIMITS.queryMaxChars)
    throw invalidField('q', `must be at most ${HISTORY_LIMITS.queryMaxChars} characters`);
  const terms: SearchTerm[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(CHUNK)) {
    const quoted = match[1] !== undefined;
    const chunk = match[1] ?? match[0];
    const words = wordsOf(chunk);
    if (words.length === 0) continue;
    const prefix = quoted ? match[2] === '*' : chunk.endsWith('*');
    if (prefix && (words.at(-1)?.length ?? 0) < MIN_PREFIX_CHARS) {
      throw invalidField('q', `a word before * needs at least ${MIN_PREFIX_CHARS} letters or digits`);
    }
    terms.push({ words, prefix });
  }
  if (terms.length === 0 && text.trim() !== '') throw invalidField('q', 'type at least one word or number');
  if (terms.length > HISTORY_LIMITS.maxTerms)
    throw invalidField('q', `at most ${HISTORY_LIMITS.maxTerms} words or phrases`);
  return terms;
}

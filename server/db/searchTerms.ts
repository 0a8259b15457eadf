/**
 * A visitor's question as search terms (issue 9): the words and numbers in it, lower-cased and
 * unique, never its punctuation. The terms are then quoted and OR-ed, so nothing a visitor types
 * can act as FTS5 or tsquery syntax (`NEAR(`, `"`, `*`, `bot:`, `!`, `<->`…): a question is a bag
 * of words, and the ranking (bm25 / ts_rank) prefers passages with more and rarer of them.
 */

/** Terms kept from one question; a long paste gains nothing from more. */
export const MAX_SEARCH_TERMS = 32;
const MAX_TERM_CHARS = 64;
/** Characters of the question read. */
const MAX_QUESTION_CHARS = 4_000;

export function searchTerms(question: string): string[] {
  const words =
    question
      .slice(0, MAX_QUESTION_CHARS)
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const terms = new Set<string>();
  for (const word of words) {
    // Single letters ('a', 'i', the 's' of "it's") match nearly everything and mean little.
    if (word.length < 2 && !/\p{N}/u.test(word)) continue;
    terms.add(word.slice(0, MAX_TERM_CHARS));
    if (terms.size === MAX_SEARCH_TERMS) break;
  }
  return [...terms];
}

/** `"a" OR "b"` for FTS5 MATCH, or `"a" or "b"` for websearch_to_tsquery: each term a quoted string. */
export function orQuery(terms: readonly string[], or: 'OR' | 'or'): string {
  return terms.map((term) => `"${term.replaceAll('"', '')}"`).join(` ${or} `);
}

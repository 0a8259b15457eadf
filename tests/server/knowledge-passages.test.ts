/** Page texts cut into passages, and questions read as search terms (server/knowledge/). */
import { describe, expect, it } from 'vitest';
import { PASSAGE_CHARS, toPassages } from '../../server/db/passages.js';
import { MAX_SEARCH_TERMS, orQuery, searchTerms } from '../../server/db/searchTerms.js';

describe('passages', () => {
  it('cuts at paragraph ends, keeps each within the size and joins back into the text', () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i}. ${'Words in a sentence. '.repeat(12)}`);
    const text = paragraphs.join('\n\n');
    const passages = toPassages(text);
    expect(passages.join('')).toBe(text);
    expect(passages.every((p) => p.length <= PASSAGE_CHARS)).toBe(true);
    expect(passages.length).toBeGreaterThan(3);
    // Whole paragraphs: each passage after the first starts where a paragraph starts.
    expect(passages.slice(1).every((p) => p.startsWith('Paragraph'))).toBe(true);
  });

  it('cuts one unbroken run of characters without splitting a surrogate pair', () => {
    const text = `${'a'.repeat(PASSAGE_CHARS - 1)}😀${'b'.repeat(50)}`;
    const passages = toPassages(text);
    expect(passages.join('')).toBe(text);
    // A lone surrogate at either end of a passage would be a split pair.
    const lone = /^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/;
    expect(passages.filter((p) => lone.test(p))).toEqual([]);
    expect(passages.length).toBe(2);
  });

  it('gives no passage for an empty page and one for a short page', () => {
    expect(toPassages('')).toEqual([]);
    expect(toPassages('  Short page.  ')).toEqual(['  Short page.  ']);
  });
});

describe('search terms', () => {
  it('keeps words and numbers, lower-cased and unique, without punctuation or single letters', () => {
    expect(searchTerms('What are your Opening hours? opening HOURS, on 5 May!')).toEqual([
      'what',
      'are',
      'your',
      'opening',
      'hours',
      'on',
      '5',
      'may',
    ]);
    expect(searchTerms('Ça coûte combien ? 東京')).toEqual(['ça', 'coûte', 'combien', '東京']);
    expect(searchTerms('"NEAR(a b)" bot:x* -y ^z')).toEqual(['near', 'bot']);
    expect(searchTerms('?! " * ( )')).toEqual([]);
  });

  it(`keeps at most ${MAX_SEARCH_TERMS} terms`, () => {
    const question = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    expect(searchTerms(question)).toHaveLength(MAX_SEARCH_TERMS);
  });

  it('quotes every term in the OR query', () => {
    expect(orQuery(['opening', 'hours'], 'OR')).toBe('"opening" OR "hours"');
    expect(orQuery(['opening', 'hours'], 'or')).toBe('"opening" or "hours"');
  });
});

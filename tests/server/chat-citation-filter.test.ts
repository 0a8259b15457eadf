/**
 * The streamed answer's markers (issue 24): however the model's text is cut into deltas, what the
 * visitor is sent is the whole text without its markers, and no marker piece slips through.
 */
import { describe, expect, it } from 'vitest';
import { CitationFilter, citedNumbers, withoutCitations } from '../../server/chat/citations.js';

const ANSWER =
  'We open at 9 [1]. Repairs take [2, 3] two days [1][4].\n\n[2] See list[x] and [link](https://a.example).';

function streamed(pieces: string[]): string {
  const filter = new CitationFilter();
  return pieces.map((piece) => filter.push(piece)).join('') + filter.flush();
}

describe('CitationFilter', () => {
  it('sends the same text as the whole answer without markers, whatever the cut', () => {
    const expected = withoutCitations(ANSWER);
    expect(expected).toBe('We open at 9. Repairs take two days.\n\n See list[x] and [link](https://a.example).');
    for (let a = 0; a <= ANSWER.length; a++) {
      for (let b = a; b <= ANSWER.length; b += 3) {
        expect(streamed([ANSWER.slice(0, a), ANSWER.slice(a, b), ANSWER.slice(b)])).toBe(expected);
      }
    }
    expect(streamed([...ANSWER])).toBe(expected);
  });

  it('lets an unfinished bracket through once it cannot be a marker', () => {
    const filter = new CitationFilter();
    expect(filter.push('Item [1')).toBe('Item');
    expect(filter.push('a] ok')).toBe(' [1a] ok');
    expect(filter.flush()).toBe('');
    expect(streamed(['Ends with [3'])).toBe('Ends with [3');
  });

  it('reads the cited numbers in order, each once', () => {
    expect(citedNumbers(ANSWER)).toEqual([1, 2, 3, 4]);
    expect(citedNumbers('list[x] and [link](u)')).toEqual([]);
  });
});

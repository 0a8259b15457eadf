/** How text is cut for map-reduce summaries: nothing lost, every chunk within budget, natural boundaries first. */
import { describe, expect, it } from 'vitest';
import { splitText } from '../../server/core/splitText.js';

describe('splitText', () => {
  it('keeps text that fits as one chunk', () => {
    expect(splitText('Short text.', 100)).toEqual(['Short text.']);
  });

  it('cuts at paragraphs first, and the chunks join back to the text', () => {
    const text = ['First paragraph here.', 'Second paragraph here.', 'Third paragraph here.'].join('\n\n');
    const chunks = splitText(text, 50);
    expect(chunks).toEqual(['First paragraph here.\n\nSecond paragraph here.\n\n', 'Third paragraph here.']);
    expect(chunks.join('')).toBe(text);
  });

  it('falls back to lines, sentences, words and finally characters, never passing the budget', () => {
    const text = `${'word '.repeat(30)}\n${'Sentence one. '.repeat(10)}${'x'.repeat(95)}`;
    const chunks = splitText(text, 40);
    expect(chunks.every((c) => c.length <= 40)).toBe(true);
    expect(chunks.join('')).toBe(text);
    expect(chunks.some((c) => c === 'x'.repeat(40))).toBe(true);
  });
});

/**
 * Knowledge passages tuned for speech (issue 24, search_knowledge): plain sentences without
 * markdown or web addresses, starting at the part that answers, a few passages within a bounded
 * length, each with its page kept as the source.
 */
import { describe, expect, it } from 'vitest';
import { SPEAKABLE_LIMITS, speakablePassages, speakableText } from '../../server/voice/builtins/speakablePassages.js';

describe('speakable passages', () => {
  it('drops markdown marks, links and addresses, and reads lines and list items as sentences', () => {
    const text = [
      '## Returns',
      '**Bikes** can be returned within _14 days_ — see [the form](https://shop.example/form).',
      '* Helmets: unworn only',
      '| Item | Days |',
      'Questions? Write to www.shop.example/help or `returns@shop.example`.',
      '![a photo](https://shop.example/p.png)',
    ].join('\n');
    const spoken = speakableText(text);
    expect(spoken).not.toMatch(/[#*_`[\]()|]|https?:|www\./);
    expect(spoken).toContain('Bikes can be returned within 14 days — see the form.');
    expect(spoken).toContain('Helmets: unworn only.');
    expect(spoken).toContain('returns@shop.example');
  });

  it('starts at the sentence that holds the question, and stays within the limits', () => {
    const long = `${'Our story began long ago in a small workshop. '.repeat(20)}Sundays we are closed. ${'More history follows here. '.repeat(40)}`;
    const passages = Array.from({ length: 6 }, (_, i) => ({ url: `https://shop.example/${i}`, text: long }));
    const spoken = speakablePassages(passages, ['sundays']);
    expect(spoken.length).toBeLessThanOrEqual(SPEAKABLE_LIMITS.passages);
    expect(spoken[0]!.text.startsWith('Sundays we are closed.')).toBe(true);
    expect(spoken[0]!.source).toBe('https://shop.example/0');
    for (const p of spoken) expect(p.text.length).toBeLessThanOrEqual(SPEAKABLE_LIMITS.passageChars);
    expect(spoken.reduce((sum, p) => sum + p.text.length, 0)).toBeLessThanOrEqual(SPEAKABLE_LIMITS.totalChars);
  });

  it('cuts one endless sentence at a word', () => {
    const [only] = speakablePassages([{ url: 'u', text: 'word '.repeat(400) }], ['word']);
    expect(only!.text.length).toBeLessThanOrEqual(SPEAKABLE_LIMITS.passageChars + 1);
    expect(only!.text.endsWith('word…')).toBe(true);
  });
});

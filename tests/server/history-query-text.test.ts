/**
 * The search text's parts (issue 11): words, "phrases" and prefixes*, quoted for FTS5 so nothing
 * typed is syntax; snippets as segments; CSV fields; the per-user export limit; file names.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/core/AppError.js';
import { ftsMatch, scopeKey } from '../../server/db/historyMatch.js';
import { snippetSegments } from '../../server/db/snippetSegments.js';
import { csvField, csvRecord } from '../../server/history/csv.js';
import { EXPORTS_PER_USER, ExportSlots } from '../../server/history/ExportSlots.js';
import { exportFileName } from '../../server/history/exportFileName.js';
import { parseSearchText } from '../../server/history/parseSearchText.js';

describe('search text', () => {
  it('reads words, quoted phrases and prefixes, lower-cased', () => {
    expect(parseSearchText('Refund "Order Number" deliv*')).toEqual([
      { words: ['refund'], prefix: false },
      { words: ['order', 'number'], prefix: false },
      { words: ['deliv'], prefix: true },
    ]);
  });

  it('searches a chunk joined by punctuation as the phrase of its words', () => {
    expect(parseSearchText('order-1234 e.g.')).toEqual([
      { words: ['order', '1234'], prefix: false },
      { words: ['e', 'g'], prefix: false },
    ]);
    expect(parseSearchText('lookup_order')).toEqual([{ words: ['lookup', 'order'], prefix: false }]);
  });

  it('takes an unclosed quote to the end and a blank text as no words', () => {
    expect(parseSearchText('"my parcel')).toEqual([{ words: ['my', 'parcel'], prefix: false }]);
    expect(parseSearchText('   ')).toEqual([]);
  });

  it('refuses a one-letter prefix, punctuation alone, too many terms and too long a text, naming q', () => {
    for (const text of ['a*', '!!! ???', Array.from({ length: 17 }, (_, i) => `w${i}`).join(' '), 'x'.repeat(501)]) {
      expect(() => parseSearchText(text)).toThrow(AppError);
      expect(() => parseSearchText(text)).toThrow(/^q: /);
    }
  });

  it('quotes every word in the FTS5 query, whatever was typed', () => {
    const terms = parseSearchText('NEAR(a b) OR body:x "cc dd"* scope : us*');
    const match = ftsMatch(terms, { userId: 'user-1', kind: 'chat', sourceId: 'bot-1' });
    expect(match).toBe(
      'scope : ("uuser10" AND "kchat0" AND "sbot10") AND body : ("near a" AND "b" AND "or" AND "body x" AND "cc dd" * AND "scope" AND "us" *)',
    );
    // Only our keys and quoted words: no bare operator, column name or parenthesis from the text.
    expect(match.replace(/"[^"]*"/g, '')).toBe('scope : ( AND  AND ) AND body : ( AND  AND  AND  AND  * AND  AND  *)');
  });

  it('makes ids one scope token', () => {
    expect(scopeKey('u', '0b9f-41"c2')).toBe('u0b9f41c20');
  });
});

describe('snippets', () => {
  it('become plain-text segments, matched ones marked', () => {
    expect(snippetSegments('…my \u0002parcel\u0003 <b>never</b> \u0002arrived\u0003')).toEqual([
      { text: '…my ', match: false },
      { text: 'parcel', match: true },
      { text: ' <b>never</b> ', match: false },
      { text: 'arrived', match: true },
    ]);
    expect(snippetSegments('\u0002order\u0003\u0002 number\u0003')).toEqual([{ text: 'order number', match: true }]);
    expect(snippetSegments('')).toEqual([]);
  });
});

describe('CSV fields', () => {
  it('are quoted when they hold commas, quotes or line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvRecord(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });

  it('never start with a formula, unless they are a number', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('-5')).toBe('-5');
    expect(csvField('+14155550100')).toBe('+14155550100');
    expect(csvField('+1 (415) 555-0100')).toBe('+1 (415) 555-0100');
  });
});

describe('exports', () => {
  it('run at most a few at once per user', () => {
    const slots = new ExportSlots();
    const taken = Array.from({ length: EXPORTS_PER_USER }, () => slots.take('u1'));
    expect(() => slots.take('u1')).toThrow(/^At most 3 exports at once/);
    expect(slots.take('u2')).toBeTypeOf('function');
    taken[0]!();
    taken[0]!();
    expect(slots.take('u1')).toBeTypeOf('function');
    expect(() => slots.take('u1')).toThrow(AppError);
  });

  it('are named by what they hold and the day, in plain ASCII', () => {
    const day = Date.UTC(2026, 4, 2, 23, 59);
    expect(exportFileName(['conversations', 'Café Olé / Support!'], 'csv', day)).toBe(
      'switchboard-conversations-cafe-ole-support-2026-05-02.csv',
    );
    expect(exportFileName(['search', '"order number" refun*'], 'jsonl', day)).toBe(
      'switchboard-search-order-number-refun-2026-05-02.jsonl',
    );
    expect(exportFileName(['search', '日本'], 'csv', day)).toBe('switchboard-search-2026-05-02.csv');
  });
});

/** What an export has brought so far, counted from its bytes whatever the chunk boundaries (issue 11). */
import { describe, expect, it } from 'vitest';
import { bytesText, ExportCounter, fileNameOf } from '../../console/components/exportProgress.js';

const inPieces = (counter: ExportCounter, text: string, size: number) => {
  for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
  return counter.count;
};

describe('export progress', () => {
  it('counts CSV records after the header, not line breaks inside quoted fields', () => {
    const csv = 'kind,id,transcript\r\nchat,a,"Visitor: ""hi""\nBot: yes, ok"\r\ncall,b,"x\r\ny"\r\nchat,c,plain\r\n';
    for (const size of [1, 3, 7, csv.length]) expect(inPieces(new ExportCounter('csv'), csv, size)).toBe(3);
  });

  it('counts the calls and chats of JSON Lines by their ids, a line split anywhere', () => {
    const line = (id: string, text: string) => `${JSON.stringify({ kind: 'chat', id, source_id: 's', text })}\n`;
    const jsonl =
      line('a', 'one') + line('a', 'two "quoted" \\ text') + line('b', 'three') + line('c', 'four') + line('c', 'five');
    for (const size of [1, 5, 13, jsonl.length]) expect(inPieces(new ExportCounter('jsonl'), jsonl, size)).toBe(3);
  });

  it('takes the server’s file name, never a path', () => {
    expect(fileNameOf('attachment; filename="switchboard-x-2026-01-01.csv"', 'fallback.csv')).toBe(
      'switchboard-x-2026-01-01.csv',
    );
    expect(fileNameOf('attachment; filename="../etc/passwd"', 'fallback.csv')).toBe('fallback.csv');
    expect(fileNameOf(null, 'fallback.jsonl')).toBe('fallback.jsonl');
  });

  it('says sizes for people', () => {
    expect([bytesText(812), bytesText(12_345), bytesText(4_500_000)]).toEqual(['812 B', '12.3 KB', '4.5 MB']);
  });
});

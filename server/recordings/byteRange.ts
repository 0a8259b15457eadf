/**
 * The one byte range of a `Range` header a player sends (RFC 9110 §14.1.2): `bytes=a-b`,
 * `bytes=a-` or `bytes=-n`. Several ranges, or another unit, are answered whole (a server may
 * ignore Range); a range that starts past the end is unsatisfiable (416).
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

export function byteRange(header: string | undefined, length: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(first);
  if (start >= length) return { kind: 'unsatisfiable' };
  const end = last === '' ? length - 1 : Math.min(Number(last), length - 1);
  if (end < start) return { kind: 'whole' };
  return { kind: 'part', start, end };
}

import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatPhone,
  formatTime,
  parseTimestamp,
  truncate,
} from '../../shared/format.js';

describe('formatPhone', () => {
  it('formats a 12-character +1 number', () => {
    expect(formatPhone('+14155550123')).toBe('+1 (415) 555-0123');
  });
  it('leaves other numbers as they are', () => {
    expect(formatPhone('+442071838750')).toBe('+442071838750');
    expect(formatPhone('+1415555012')).toBe('+1415555012');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [60, '1m 0s'],
    [125, '2m 5s'],
    [3600, '1h 0m 0s'],
    [3723, '1h 2m 3s'],
    [-5, '0s'],
    [59.9, '59s'],
  ])('%s seconds → %s', (input, text) => {
    expect(formatDuration(input)).toBe(text);
  });
});

describe('dates with the Invalid Date rule', () => {
  const ms = Date.UTC(2024, 4, 6, 12, 0, 0);
  it('accepts numbers and numeric strings', () => {
    expect(parseTimestamp(ms)?.getTime()).toBe(ms);
    expect(parseTimestamp(String(ms))?.getTime()).toBe(ms);
    expect(formatDateTime(ms, 'en-US')).toBe(new Date(ms).toLocaleString('en-US'));
    expect(formatDate(String(ms), 'en-US')).toBe(new Date(ms).toLocaleDateString('en-US'));
    expect(formatTime(ms, 'en-US')).toBe(new Date(ms).toLocaleTimeString('en-US'));
  });
  it.each([0, -1, '0', 'abc', '', null, undefined, Date.UTC(1969, 11, 31), Date.UTC(2101, 0, 2), NaN])(
    '%s shows Invalid Date',
    (value) => {
      expect(formatDateTime(value as number)).toBe('Invalid Date');
      expect(formatDate(value as number)).toBe('Invalid Date');
      expect(formatTime(value as number)).toBe('Invalid Date');
    },
  );
  it('accepts the edges of 1970 and 2100', () => {
    expect(parseTimestamp(1)).not.toBeNull();
    expect(parseTimestamp(Date.UTC(2100, 11, 31))).not.toBeNull();
  });
});

describe('truncate', () => {
  it('cuts at the limit with an ellipsis', () => {
    expect(truncate('a'.repeat(60), 50)).toBe(`${'a'.repeat(50)}...`);
    expect(truncate('short', 50)).toBe('short');
  });
});

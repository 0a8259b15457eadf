/**
 * When a scheduled re-crawl runs next (issue 24): whole hours in UTC, strictly after the moment
 * asked about, daily or on the chosen weekday; and the settings' checks, each naming its field.
 */
import { describe, expect, it } from 'vitest';
import { nextRecrawlAt } from '../../server/knowledge/nextRecrawlAt.js';
import { parseRecrawlSettings } from '../../server/knowledge/parseRecrawlSettings.js';
import { DEFAULT_RECRAWL_SETTINGS } from '../../shared/recrawl.js';

const at = (iso: string) => Date.parse(iso);
const next = (settings: Parameters<typeof nextRecrawlAt>[0], after: string) => {
  const found = nextRecrawlAt(settings, at(after));
  return found === null ? null : new Date(found).toISOString();
};

describe('the next run', () => {
  it('is none when off', () => {
    expect(next({ frequency: 'off', weekday: 1, hour: 3 }, '2026-11-28T10:00:00Z')).toBeNull();
  });

  it('daily: today at the hour if still ahead, else tomorrow', () => {
    const daily = { frequency: 'daily' as const, weekday: 0, hour: 14 };
    expect(next(daily, '2026-11-28T10:00:00Z')).toBe('2026-11-28T14:00:00.000Z');
    expect(next(daily, '2026-11-28T13:59:59.999Z')).toBe('2026-11-28T14:00:00.000Z');
    // Exactly at the hour: that run is the one being made, the next is tomorrow.
    expect(next(daily, '2026-11-28T14:00:00Z')).toBe('2026-11-29T14:00:00.000Z');
    expect(next({ ...daily, hour: 0 }, '2026-12-31T23:30:00Z')).toBe('2027-01-01T00:00:00.000Z');
    expect(next({ ...daily, hour: 23 }, '2026-11-28T23:00:00.001Z')).toBe('2026-11-29T23:00:00.000Z');
  });

  it('weekly: the chosen weekday at the hour, a week on when that moment has passed', () => {
    // 2026-11-28 is a Saturday (6).
    const weekly = (weekday: number, hour: number) => ({ frequency: 'weekly' as const, weekday, hour });
    expect(next(weekly(1, 3), '2026-11-28T10:00:00Z')).toBe('2026-11-30T03:00:00.000Z');
    expect(next(weekly(6, 12), '2026-11-28T10:00:00Z')).toBe('2026-11-28T12:00:00.000Z');
    expect(next(weekly(6, 9), '2026-11-28T10:00:00Z')).toBe('2026-12-05T09:00:00.000Z');
    expect(next(weekly(6, 10), '2026-11-28T10:00:00Z')).toBe('2026-12-05T10:00:00.000Z');
    expect(next(weekly(0, 0), '2026-11-28T23:59:59Z')).toBe('2026-11-29T00:00:00.000Z');
  });
});

describe('the settings', () => {
  const parse = (body: unknown) => parseRecrawlSettings(body, DEFAULT_RECRAWL_SETTINGS);
  const problem = (body: unknown) => {
    try {
      parse(body);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('keeps what a body leaves out', () => {
    expect(parse({ frequency: 'weekly', weekday: 5 })).toEqual({
      ...DEFAULT_RECRAWL_SETTINGS,
      frequency: 'weekly',
      weekday: 5,
    });
  });

  it('names the field that is wrong', () => {
    expect(problem({ frequency: 'hourly' })).toMatch(/^frequency: must be one of 'off', 'daily', 'weekly'/);
    expect(problem({ weekday: 7 })).toMatch(/^weekday: must be a whole number from 0 to 6/);
    expect(problem({ hour: 24 })).toMatch(/^hour: /);
    expect(problem({ hour: 3.5 })).toMatch(/^hour: /);
    expect(problem({ hour: '3' })).toMatch(/^hour: /);
    expect(problem({ new_pages: 'maybe' })).toMatch(/^new_pages: /);
    expect(problem({ refresh_summary: 'yes' })).toMatch(/^refresh_summary: must be true or false/);
    expect(problem({ timezone: 'Europe/Paris' })).toMatch(/^timezone: is not an accepted field/);
    expect(problem([])).toMatch(/^body: /);
  });
});

/**
 * The page's choice as it sits in the address (?range=30, or ?range=custom&from=…&to=…, and
 * ?source=agent:<id> or bot:<id>), turned into the API's query in the browser's time zone.
 */
import type { AnalyticsQuery } from '../../../shared/types/analytics.js';

export const RANGE_PRESETS = ['7', '30', '90', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = '30';

export interface AnalyticsChoice {
  preset: RangePreset;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** 'all', 'agent:<id>' or 'bot:<id>'. */
  source: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The browser's IANA time zone: days and hours are shown in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The last `days` days, today included, on the browser's calendar. */
export function presetDates(days: number, now: Date): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: dateText(from), to: dateText(now) };
}

export function choiceFromParams(params: URLSearchParams, now: Date): AnalyticsChoice {
  const asked = params.get('range');
  const preset = RANGE_PRESETS.find((candidate) => candidate === asked) ?? DEFAULT_PRESET;
  const source = params.get('source') || 'all';
  if (preset !== 'custom') return { preset, source, ...presetDates(Number(preset), now) };
  const fallback = presetDates(Number(DEFAULT_PRESET), now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return { preset, source, from: DATE.test(from) ? from : fallback.from, to: DATE.test(to) ? to : fallback.to };
}

export function paramsFromChoice(choice: AnalyticsChoice): URLSearchParams {
  const params = new URLSearchParams({ range: choice.preset });
  if (choice.preset === 'custom') {
    params.set('from', choice.from);
    params.set('to', choice.to);
  }
  if (choice.source !== 'all') params.set('source', choice.source);
  return params;
}

/** The API query of a choice; null while the custom dates are out of order. */
export function queryOf(choice: AnalyticsChoice, tz: string): AnalyticsQuery | null {
  if (!DATE.test(choice.from) || !DATE.test(choice.to) || choice.from > choice.to) return null;
  const [kind, id] = choice.source.split(':');
  return {
    from: choice.from,
    to: choice.to,
    tz,
    ...(kind === 'agent' && id ? { agentId: id } : {}),
    ...(kind === 'bot' && id ? { webchatId: id } : {}),
  };
}

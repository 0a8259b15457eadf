/**
 * GET /api/analytics's query string, narrowed (STYLE.md §13): the range as two calendar days in
 * the viewer's time zone, the zone, and at most one of an agent or a bot. Each problem is a 400
 * naming its parameter.
 */
import { ANALYTICS_MAX_DAYS } from '../../shared/types/analytics.js';
import { invalidField } from '../core/AppError.js';
import { queryId, queryString } from '../core/queryParams.js';
import { isTimeZone } from './timeZoneOffsets.js';

export interface AnalyticsRequest {
  /** Days since 1970-01-01 of the first and last day (local calendar), both included. */
  fromDay: number;
  toDay: number;
  tz: string;
  agentId?: string;
  webchatId?: string;
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function day(query: Record<string, unknown>, name: string): number {
  const raw = queryString(query, name);
  if (raw === undefined) throw invalidField(name, 'is required, as a date such as 2026-03-01');
  const match = DATE.exec(raw);
  const [year, month, date] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const at = Date.UTC(year, month - 1, date);
  const valid = match !== null && year >= 1970 && new Date(at).toISOString().slice(0, 10) === raw;
  if (!valid) throw invalidField(name, 'must be a date such as 2026-03-01');
  return at / DAY_MS;
}

export function parseAnalyticsQuery(query: Record<string, unknown>): AnalyticsRequest {
  const fromDay = day(query, 'from');
  const toDay = day(query, 'to');
  if (toDay < fromDay) throw invalidField('to', 'must not be before from');
  if (toDay - fromDay + 1 > ANALYTICS_MAX_DAYS)
    throw invalidField('to', `the range may be at most ${ANALYTICS_MAX_DAYS} days long`);
  const tz = queryString(query, 'tz');
  if (tz === undefined) throw invalidField('tz', 'is required, as a time zone such as Europe/Berlin');
  if (!isTimeZone(tz)) throw invalidField('tz', 'must be a time zone such as Europe/Berlin or UTC');
  const agentId = queryId(query, 'agentId');
  const webchatId = queryId(query, 'webchatId');
  if (agentId && webchatId) throw invalidField('webchatId', 'give an agent or a bot, not both');
  return { fromDay, toDay, tz, ...(agentId ? { agentId } : {}), ...(webchatId ? { webchatId } : {}) };
}

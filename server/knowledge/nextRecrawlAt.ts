/**
 * When a scheduled re-crawl runs next (issue 24): the first whole hour `hour` strictly after
 * `after`, every day or on `weekday` (0 = Sunday). In UTC: the server keeps no time zone per user,
 * and UTC has no daylight-saving gaps, so every scheduled hour exists exactly once.
 */
import type { RecrawlSettings } from '../../shared/types/recrawl.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function nextRecrawlAt(
  settings: Pick<RecrawlSettings, 'frequency' | 'weekday' | 'hour'>,
  after: number,
): number | null {
  if (settings.frequency === 'off') return null;
  const midnight = Math.floor(after / DAY_MS) * DAY_MS;
  let next = midnight + settings.hour * HOUR_MS;
  if (settings.frequency === 'daily') return next > after ? next : next + DAY_MS;
  next += ((settings.weekday - new Date(midnight).getUTCDay() + 7) % 7) * DAY_MS;
  return next > after ? next : next + 7 * DAY_MS;
}

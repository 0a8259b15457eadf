/**
 * The day rows of an Analytics request: complete days the owner has viewed in this zone before
 * come from the day cache; the rest (never viewed, changed since, today, or split by a price
 * change) are folded from the hourly rollup, one index range per run of days, and the complete
 * ones kept for next time. A year's request then reads a few thousand folded rows instead of
 * some 70,000 hours; tests/bench/analytics.bench.ts times both.
 */
import type { Kysely } from 'kysely';
import {
  cacheDays,
  cachedDays,
  cachedFigures,
  dirtyMark,
  dropDaysFrom,
  takeDirtyMark,
  withDayCache,
} from '../db/analyticsDayCache.js';
import {
  type AnalyticsDayRow,
  type DayFigures,
  foldHours,
  type RangeSpread,
  type ZoneOffsets,
} from '../db/analyticsHours.js';
import type { Database } from '../db/schema.js';
import { dayStarts } from './timeZoneOffsets.js';

const DAY_MS = 86_400_000;
/** More than any zone's offset from UTC (+14 h, −12 h). */
const ZONE_MARGIN_MS = 15 * 3_600_000;

export interface DaySourceRequest {
  userId: string;
  tz: string;
  fromDay: number;
  toDay: number;
  sourceId?: string | undefined;
  /** The zone's offsets over a span holding the days. */
  offsets: ZoneOffsets;
  /** Instants where some model's price changes (a day holding one is never kept folded). */
  priceChanges: readonly number[];
  now: number;
}

/** The first local day, in any zone, that can hold the hour. */
const firstDayHolding = (hour: number) => Math.floor((hour - ZONE_MARGIN_MS) / DAY_MS);

/** The runs of consecutive days in a sorted list. */
function runsOf(days: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const day of days) {
    const last = runs[runs.length - 1];
    if (last && last[1] === day - 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/** The spreads added up. */
function addSpread(into: RangeSpread, more: RangeSpread): void {
  into.pass += more.pass;
  into.fail += more.fail;
  into.unclear += more.unclear;
  into.feedbackUp += more.feedbackUp;
  into.feedbackDown += more.feedbackDown;
  for (const [i, count] of more.latency.entries()) into.latency[i] = (into.latency[i] ?? 0) + count;
  for (const [i, count] of more.hours.entries()) into.hours[i] = (into.hours[i] ?? 0) + count;
}

export interface RangeFigures {
  /** Per day, kind, model and price period (a day may have several rows of one kind and model). */
  rows: DayFigures[];
  spread: RangeSpread;
}

export function analyticsFigures(db: Kysely<Database>, request: DaySourceRequest): Promise<RangeFigures> {
  const { userId, tz, fromDay, toDay, sourceId, offsets, priceChanges, now } = request;
  const starts = dayStarts(offsets, fromDay, toDay);
  const startOf = (day: number) => starts[day - fromDay] ?? 0;
  const endOf = (day: number) => starts[day - fromDay + 1] ?? 0;
  const priceChangesIn = (day: number) => priceChanges.some((at) => at > startOf(day) && at < endOf(day));

  return withDayCache(db, userId, async (conn) => {
    const mark = await takeDirtyMark(conn, userId);
    if (mark !== null) await dropDaysFrom(conn, userId, firstDayHolding(mark));

    const cached = await cachedDays(conn, userId, tz, fromDay, toDay);
    const toFold: number[] = [];
    for (let day = fromDay; day <= toDay; day += 1) if (!cached.has(day) || priceChangesIn(day)) toFold.push(day);
    const figures: RangeFigures =
      cached.size === 0
        ? { rows: [], spread: { pass: 0, fail: 0, unclear: 0, feedbackUp: 0, feedbackDown: 0, latency: [], hours: [] } }
        : await cachedFigures(conn, {
            userId,
            tz,
            fromDay,
            toDay,
            sourceId,
            skipDays: [...cached].filter(priceChangesIn),
          });

    const folded: AnalyticsDayRow[] = [];
    for (const [first, last] of runsOf(toFold))
      folded.push(
        ...(await foldHours(conn, userId, { start: startOf(first), end: endOf(last) }, offsets, priceChanges)),
      );

    // A change the fold may have missed marks its days again: those are left for the next request.
    const changed = await dirtyMark(conn, userId);
    const keepBefore = changed === null ? Number.POSITIVE_INFINITY : firstDayHolding(changed);
    const keep = new Set(toFold.filter((day) => endOf(day) <= now && day < keepBefore && !priceChangesIn(day)));
    await cacheDays(
      conn,
      userId,
      tz,
      [...keep],
      folded.filter((row) => keep.has(row.day)),
    );
    for (const row of folded) {
      if (sourceId && row.sourceId !== sourceId) continue;
      figures.rows.push(row);
      addSpread(figures.spread, row);
    }
    return figures;
  });
}

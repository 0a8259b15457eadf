/**
 * The Analytics page's figures for one owner (issue 21) from the hourly rollup (migration 020):
 * the range's days in the viewer's zone, costs priced like the sessions one by one (calls at the
 * prices in force at their start plus billed telephony minutes, answers at the prices in force
 * when written), verdicts, latency percentiles and the busiest hours.
 */
import type { Kysely } from 'kysely';
import type { AnalyticsDay, AnalyticsFeedback, AnalyticsReport } from '../../shared/types/analytics.js';
import type { ModelPrice } from '../../shared/types/pricing.js';
import type { DayFigures } from '../db/analyticsHours.js';
import { LATENCY_COLUMNS } from '../db/migrations/020-analytics.js';
import { listModelPrices } from '../db/modelPrices.js';
import type { Database } from '../db/schema.js';
import { PriceBook } from '../pricing/PriceBook.js';
import type { TelephonyRates } from '../pricing/telephonyRates.js';
import { usageCostUsd } from '../pricing/usageCost.js';
import { analyticsFigures } from './analyticsDaySource.js';
import { latencyPercentile } from './latencyPercentile.js';
import type { AnalyticsRequest } from './parseAnalyticsQuery.js';
import { offsetSegments } from './timeZoneOffsets.js';

const DAY_MS = 86_400_000;
/** More than any zone's offset from UTC (+14 h, −12 h): the UTC hours that can hold the range's days. */
const ZONE_MARGIN_MS = 15 * 3_600_000;

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Instants where some model's price changes: each bounds a price period. */
function priceChanges(prices: readonly ModelPrice[]): number[] {
  return [...new Set(prices.map((price) => price.effectiveFrom))].sort((a, b) => a - b);
}

function rowCost(row: DayFigures, book: PriceBook, unpriced: Set<string>): number {
  const tokens = {
    inputText: row.inputText,
    inputAudio: row.inputAudio,
    cachedText: row.cachedText,
    cachedAudio: row.cachedAudio,
    outputText: row.outputText,
    outputAudio: row.outputAudio,
  };
  if (!Object.values(tokens).some((count) => count > 0)) return 0;
  const price = book.priceAt(row.model, row.at);
  if (!price) {
    unpriced.add(row.model);
    return 0;
  }
  return usageCostUsd(tokens, price);
}

function feedbackOf(up: number, down: number): AnalyticsFeedback {
  return { up, down, upShare: up + down === 0 ? null : up / (up + down) };
}

export async function analyticsReport(
  db: Kysely<Database>,
  userId: string,
  request: AnalyticsRequest,
  rates: TelephonyRates,
  now: number,
): Promise<AnalyticsReport> {
  const { fromDay, toDay, tz } = request;
  const offsets = offsetSegments(tz, fromDay * DAY_MS - ZONE_MARGIN_MS, (toDay + 1) * DAY_MS + ZONE_MARGIN_MS);
  const prices = await listModelPrices(db);
  const sourceId = request.agentId ?? request.webchatId;
  const { rows, spread } = await analyticsFigures(db, {
    userId,
    tz,
    fromDay,
    toDay,
    sourceId,
    offsets,
    priceChanges: priceChanges(prices),
    now,
  });

  const book = new PriceBook(prices);
  const unpriced = new Set<string>();
  const days: AnalyticsDay[] = [];
  for (let day = fromDay; day <= toDay; day += 1)
    days.push({ date: dateOf(day), calls: 0, chats: 0, callSeconds: 0, callCostUsd: 0, chatCostUsd: 0 });
  const totals = { calls: 0, chats: 0, callSeconds: 0, callModelUsd: 0, telephonyUsd: 0, chatCostUsd: 0, costUsd: 0 };
  const verdicts = { pass: spread.pass, fail: spread.fail, unclear: spread.unclear };
  const latency = LATENCY_COLUMNS.map((_, i) => spread.latency[i] ?? 0);
  const hours = Array.from({ length: 24 }, (_, hour) => spread.hours[hour] ?? 0);

  for (const row of rows) {
    const day = days[row.day - fromDay];
    if (!day) continue;
    const modelUsd = rowCost(row, book, unpriced);
    if (row.kind === 'chat') {
      day.chats += row.sessions;
      day.chatCostUsd += modelUsd;
      totals.chats += row.sessions;
      totals.chatCostUsd += modelUsd;
      continue;
    }
    const telephonyUsd =
      row.inboundMinutes * rates.inboundUsdPerMinute + row.outboundMinutes * rates.outboundUsdPerMinute;
    day.calls += row.sessions;
    day.callSeconds += row.seconds;
    day.callCostUsd += modelUsd + telephonyUsd;
    totals.calls += row.sessions;
    totals.callSeconds += row.seconds;
    totals.callModelUsd += modelUsd;
    totals.telephonyUsd += telephonyUsd;
  }
  totals.costUsd = totals.callModelUsd + totals.telephonyUsd + totals.chatCostUsd;
  const judged = verdicts.pass + verdicts.fail;
  const turns = latency.reduce((sum, count) => sum + count, 0);

  return {
    success: true,
    from: dateOf(fromDay),
    to: dateOf(toDay),
    tz,
    totals,
    days,
    verdicts: {
      ...verdicts,
      notAnalysed: Math.max(0, totals.calls + totals.chats - verdicts.pass - verdicts.fail - verdicts.unclear),
      successRate: judged === 0 ? null : verdicts.pass / judged,
    },
    feedback: feedbackOf(spread.feedbackUp, spread.feedbackDown),
    latency: { turns, p50: latencyPercentile(latency, 50), p95: latencyPercentile(latency, 95) },
    hours,
    unpricedModels: [...unpriced].sort(),
  };
}

/**
 * A session row's review figures as the API carries them (issue 21), with its cost: usage at
 * the prices in force at the call's start plus, for a phone call, its minutes at the telephony
 * rate. A call from before the figures were recorded has none (null), which the console shows
 * as "—", never as 0.
 */
import type { Kysely } from 'kysely';
import type { CallFigures } from '../../shared/types/session.js';
import { listModelPrices } from '../db/modelPrices.js';
import type { Database } from '../db/schema.js';
import type { SessionRecord } from '../db/sessions.js';
import { PriceBook } from './PriceBook.js';
import type { TelephonyRates } from './telephonyRates.js';
import { telephonyCostUsd, usageCostUsd } from './usageCost.js';

export interface Pricing {
  book: PriceBook;
  rates: TelephonyRates;
}

/** The price table as it is now, with the server's telephony rates. */
export async function loadPricing(db: Kysely<Database>, rates: TelephonyRates): Promise<Pricing> {
  return { book: new PriceBook(await listModelPrices(db)), rates };
}

export function callFigures(row: SessionRecord, pricing: Pricing): CallFigures | null {
  if (row.interruptions === null) return null;
  const tokens = {
    inputText: Number(row.input_text_tokens ?? 0),
    inputAudio: Number(row.input_audio_tokens ?? 0),
    cachedText: Number(row.cached_text_tokens ?? 0),
    cachedAudio: Number(row.cached_audio_tokens ?? 0),
    outputText: Number(row.output_text_tokens ?? 0),
    outputAudio: Number(row.output_audio_tokens ?? 0),
  };
  const used = Object.values(tokens).some((count) => count > 0);
  const price = row.model ? pricing.book.priceAt(row.model, Number(row.start_time)) : null;
  // A call that used nothing (it never reached the model) costs nothing, whatever its model.
  const modelUsd = !used ? 0 : price ? usageCostUsd(tokens, price) : null;
  const telephonyUsd = telephonyCostUsd(row.call_type, row.duration, pricing.rates);
  return {
    model: row.model,
    tokens,
    interruptions: Number(row.interruptions),
    latencyTurns: Number(row.latency_turns ?? 0),
    latencyP50Ms: row.latency_p50_ms,
    latencyP95Ms: row.latency_p95_ms,
    cost: {
      modelUsd,
      telephonyUsd,
      totalUsd: modelUsd === null || telephonyUsd === null ? null : modelUsd + telephonyUsd,
    },
  };
}

/**
 * The price table (migration 016): USD per 1M tokens per model and token kind, each row in force
 * from its `effective_from` until the model's next row. A small table (a row per model and
 * price change), read whole where costs are computed.
 */
import type { Kysely } from 'kysely';
import type { ModelPrice } from '../../shared/types/pricing.js';
import type { Database, ModelPricesTable } from './schema.js';

export function toModelPrice(row: ModelPricesTable): ModelPrice {
  return {
    model: row.model,
    effectiveFrom: Number(row.effective_from),
    textIn: Number(row.text_in),
    textCached: Number(row.text_cached),
    textOut: Number(row.text_out),
    audioIn: Number(row.audio_in),
    audioCached: Number(row.audio_cached),
    audioOut: Number(row.audio_out),
    updatedAt: Number(row.updated_at),
  };
}

export async function listModelPrices(db: Kysely<Database>): Promise<ModelPrice[]> {
  const rows = await db.selectFrom('model_prices').selectAll().orderBy('model').orderBy('effective_from').execute();
  return rows.map(toModelPrice);
}

/** Adds the row, or changes the prices of the model's row with the same start. */
export async function saveModelPrice(db: Kysely<Database>, price: ModelPrice): Promise<void> {
  const values = {
    text_in: price.textIn,
    text_cached: price.textCached,
    text_out: price.textOut,
    audio_in: price.audioIn,
    audio_cached: price.audioCached,
    audio_out: price.audioOut,
    updated_at: price.updatedAt,
  };
  await db
    .insertInto('model_prices')
    .values({ model: price.model, effective_from: price.effectiveFrom, ...values })
    .onConflict((conflict) => conflict.columns(['model', 'effective_from']).doUpdateSet(values))
    .execute();
}

/** False when there was no such row. */
export async function deleteModelPrice(db: Kysely<Database>, model: string, effectiveFrom: number): Promise<boolean> {
  const result = await db
    .deleteFrom('model_prices')
    .where('model', '=', model)
    .where('effective_from', '=', effectiveFrom)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

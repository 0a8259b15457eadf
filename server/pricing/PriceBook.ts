/**
 * The prices in force for a model at a moment (the row with the latest start at or before it),
 * over the whole price table read once, so a page or an export of many calls costs one read.
 * Model names match exactly, then by their dated snapshot's base name
 * (`gpt-realtime-mini-2025-12-15` → `gpt-realtime-mini`), as OpenAI prices a snapshot like its alias.
 */
import type { ModelPrice } from '../../shared/types/pricing.js';

const SNAPSHOT_SUFFIX = /-\d{4}-\d{2}-\d{2}$/;

export class PriceBook {
  readonly #byModel = new Map<string, ModelPrice[]>();

  constructor(prices: readonly ModelPrice[]) {
    for (const price of prices) {
      const rows = this.#byModel.get(price.model) ?? [];
      rows.push(price);
      this.#byModel.set(price.model, rows);
    }
    for (const rows of this.#byModel.values()) rows.sort((a, b) => a.effectiveFrom - b.effectiveFrom);
  }

  /** The prices of `model` in force at `at` (ms); null when the table has none. */
  priceAt(model: string, at: number): ModelPrice | null {
    const rows = this.#byModel.get(model) ?? this.#byModel.get(model.replace(SNAPSHOT_SUFFIX, ''));
    if (!rows) return null;
    let found: ModelPrice | null = null;
    for (const row of rows) if (row.effectiveFrom <= at) found = row;
    return found;
  }
}

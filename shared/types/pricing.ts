/** One model's prices in USD per 1M tokens, in force from `effectiveFrom` (ms; 0 = from the start) until a later row. */
export interface ModelPrice {
  model: string;
  effectiveFrom: number;
  textIn: number;
  textCached: number;
  textOut: number;
  audioIn: number;
  audioCached: number;
  audioOut: number;
  updatedAt: number;
}

/** GET /api/accounts/admin/prices answer. */
export interface ModelPricesResponse {
  success: boolean;
  prices: ModelPrice[];
  /** The telephony rates the server runs with (set in its environment, not here). */
  telephony: { inboundUsdPerMinute: number; outboundUsdPerMinute: number };
}

/** The price fields an admin edits. */
export const PRICE_FIELDS = ['textIn', 'textCached', 'textOut', 'audioIn', 'audioCached', 'audioOut'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/**
 * The price table (issue 21), under /api/accounts/admin/prices, for admins: the prices a call's
 * or chat's cost is computed with, per model and token kind, each row in force from its date.
 * The telephony rates come from the server's environment and are shown, not edited.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { SuccessResponse } from '../../shared/types/api.js';
import type { ModelPricesResponse } from '../../shared/types/pricing.js';
import { deletePrice, listPrices, savePrice } from '../pricing/priceTable.js';

/** USD per 1M tokens: the dearest published price is below 100 (VOICE.md §12.2); 10,000 leaves room. */
const Price = Type.Number({ minimum: 0, maximum: 10_000 });
const ModelName = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9._:/-]*$' });
/** Milliseconds; 0 is "from the start". Up to the year 9999. */
const EffectiveFrom = Type.Integer({ minimum: 0, maximum: 253_402_300_799_000 });

const PriceBody = Type.Object(
  {
    model: ModelName,
    effectiveFrom: EffectiveFrom,
    textIn: Price,
    textCached: Price,
    textOut: Price,
    audioIn: Price,
    audioCached: Price,
    audioOut: Price,
  },
  { additionalProperties: false },
);

const PriceKey = Type.Object(
  { model: ModelName, effectiveFrom: Type.String({ pattern: '^[0-9]{1,15}$' }) },
  { additionalProperties: false },
);

export async function priceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;
  const { telephonyRates } = app.config;
  const admin = { auth: 'admin' } as const;

  app.get(
    '',
    { config: admin },
    async (): Promise<ModelPricesResponse> => ({
      success: true,
      prices: await listPrices(db),
      telephony: telephonyRates,
    }),
  );

  app.put('', { config: admin, schema: { body: PriceBody } }, async (request): Promise<ModelPricesResponse> => {
    const prices = await savePrice(db, { ...request.body, updatedAt: clock() });
    return { success: true, prices, telephony: telephonyRates };
  });

  app.delete('', { config: admin, schema: { querystring: PriceKey } }, async (request): Promise<SuccessResponse> => {
    await deletePrice(db, request.query.model, Number(request.query.effectiveFrom));
    return { success: true };
  });
}

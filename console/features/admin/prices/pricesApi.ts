/** The price table's data (issue 21): the SWR hook and the save / delete actions. */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ModelPriceInput } from '../../../../shared/api/admin.js';
import type { ModelPricesResponse } from '../../../../shared/types/pricing.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { fieldErrorOf } from '../../../lib/errors.js';
import { useAuth } from '../../../lib/session/useAuth.js';
import { adminErrorText } from '../api.js';
import { PRICE_FORM_FIELDS, type PriceFormField } from './priceForm.js';
import { PRICE_TEXTS } from './priceTexts.js';

/** Keyed by the signed-in (acting) user, as the users list is (admin/api.ts). */
export const pricesKey = (actorId: string | null) => (actorId ? (['admin-prices', actorId] as const) : null);

export function usePrices() {
  const api = useApi();
  const { user } = useAuth();
  return useSWR(pricesKey(user?.id ?? null), async (): Promise<ModelPricesResponse> => {
    try {
      return await api.admin.listPrices();
    } catch (error) {
      throw new Error(adminErrorText(error, PRICE_TEXTS.fetchFailed));
    }
  });
}

/** A failed save or delete: the text, and the field it is about when the server named one ("textIn: must be >= 0"). */
export class PriceActionError extends Error {
  constructor(
    message: string,
    readonly field: PriceFormField | null,
  ) {
    super(message);
    this.name = 'PriceActionError';
  }
}

export function usePriceActions() {
  const api = useApi();
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const key = pricesKey(user?.id ?? null);
    const run = async <T>(call: () => Promise<T>, fallback: string): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        const text = adminErrorText(error, fallback);
        const named = fieldErrorOf(text, PRICE_FORM_FIELDS);
        throw named ? new PriceActionError(named.problem, named.field) : new PriceActionError(text, null);
      } finally {
        if (key) void mutate(key);
      }
    };
    return {
      save: (price: ModelPriceInput) => run(() => api.admin.savePrice(price), PRICE_TEXTS.saveFailed),
      remove: (model: string, effectiveFrom: number) =>
        run(() => api.admin.deletePrice(model, effectiveFrom), PRICE_TEXTS.deleteFailed),
    };
  }, [api, user?.id, mutate]);
}

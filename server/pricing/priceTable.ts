/** The price table as the admin routes use it (db/modelPrices.ts): list, add or change a dated row, delete one. */
import type { Kysely } from 'kysely';
import type { ModelPrice } from '../../shared/types/pricing.js';
import { notFound } from '../core/AppError.js';
import { deleteModelPrice, listModelPrices, saveModelPrice } from '../db/modelPrices.js';
import type { Database } from '../db/schema.js';

export const PRICE_NOT_FOUND = 'Price not found';

export function listPrices(db: Kysely<Database>): Promise<ModelPrice[]> {
  return listModelPrices(db);
}

export async function savePrice(db: Kysely<Database>, price: ModelPrice): Promise<ModelPrice[]> {
  await saveModelPrice(db, price);
  return listModelPrices(db);
}

export async function deletePrice(db: Kysely<Database>, model: string, effectiveFrom: number): Promise<void> {
  if (!(await deleteModelPrice(db, model, effectiveFrom))) throw notFound(PRICE_NOT_FOUND);
}

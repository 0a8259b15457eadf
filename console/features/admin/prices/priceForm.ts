/**
 * The price dialog's values as typed, checked with the server's rules (server/routes/prices.ts)
 * before they are sent, and turned into the row the API takes.
 */
import type { ModelPriceInput } from '../../../../shared/api/admin.js';
import { type ModelPrice, PRICE_FIELDS, type PriceField } from '../../../../shared/types/pricing.js';
import { PRICE_TEXTS } from './priceTexts.js';

export type PriceFormField = 'model' | 'effectiveFrom' | PriceField;
export const PRICE_FORM_FIELDS: readonly PriceFormField[] = ['model', 'effectiveFrom', ...PRICE_FIELDS];

export type PriceFormValues = Record<PriceFormField, string>;
export type PriceFormErrors = Partial<Record<PriceFormField, string>>;

const MODEL = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PRICE = 10_000;

export const EMPTY_PRICE: PriceFormValues = {
  model: '',
  effectiveFrom: '',
  textIn: '',
  textCached: '',
  textOut: '',
  audioIn: '0',
  audioCached: '0',
  audioOut: '0',
};

/** A row's start as the table shows it: the UTC date, or date and time when not midnight. */
export function effectiveFromText(ms: number): string {
  return dateOf(ms) ?? PRICE_TEXTS.fromTheStart;
}

/** The same in a sentence: 'from 2026-05-01', 'from the start'. */
export function effectiveFromPhrase(ms: number): string {
  return PRICE_TEXTS.fromPhrase(dateOf(ms));
}

function dateOf(ms: number): string | null {
  if (ms === 0) return null;
  const iso = new Date(ms).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

export function valuesOf(price: ModelPrice): PriceFormValues {
  const values = {
    model: price.model,
    effectiveFrom: price.effectiveFrom === 0 ? '' : new Date(price.effectiveFrom).toISOString().slice(0, 10),
  } as PriceFormValues;
  for (const field of PRICE_FIELDS) values[field] = String(price[field]);
  return values;
}

/** The row to send, or the problems to show at their fields. */
export function checkPrice(values: PriceFormValues): { price: ModelPriceInput } | { errors: PriceFormErrors } {
  const errors: PriceFormErrors = {};
  const model = values.model.trim();
  if (model === '') errors.model = PRICE_TEXTS.required;
  else if (model.length > 100 || !MODEL.test(model)) errors.model = PRICE_TEXTS.badModel;
  const day = values.effectiveFrom.trim();
  const effectiveFrom = day === '' ? 0 : Date.parse(`${day}T00:00:00Z`);
  if (day !== '' && (!DATE.test(day) || Number.isNaN(effectiveFrom) || effectiveFrom < 0))
    errors.effectiveFrom = PRICE_TEXTS.badDate;
  const prices = {} as Record<PriceField, number>;
  for (const field of PRICE_FIELDS) {
    const text = values[field].trim();
    const value = Number(text);
    if (text === '') errors[field] = PRICE_TEXTS.required;
    else if (!Number.isFinite(value)) errors[field] = PRICE_TEXTS.notANumber;
    else if (value < 0 || value > MAX_PRICE) errors[field] = PRICE_TEXTS.outOfRange;
    else prices[field] = value;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { price: { model, effectiveFrom, ...prices } };
}

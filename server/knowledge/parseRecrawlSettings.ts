/**
 * The body of PUT /api/webchats/{id}/recrawl: arrives as `unknown`, leaves as settings. Fields
 * left out keep their current value; every failure names its field.
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import { RECRAWL_FREQUENCIES, RECRAWL_NEW_PAGES } from '../../shared/recrawl.js';
import type { RecrawlSettings } from '../../shared/types/recrawl.js';
import { invalidField } from '../core/AppError.js';

const FIELDS = ['frequency', 'weekday', 'hour', 'new_pages', 'refresh_summary'] as const;

function oneOf<T extends string>(field: string, value: unknown, choices: readonly T[]): T {
  const found = choices.find((choice) => choice === value);
  if (found === undefined) throw invalidField(field, `must be one of ${choices.map((c) => `'${c}'`).join(', ')}`);
  return found;
}

function wholeNumber(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw invalidField(field, `must be a whole number from ${min} to ${max}`);
  return value;
}

export function parseRecrawlSettings(body: unknown, current: RecrawlSettings): RecrawlSettings {
  if (!isPlainObject(body)) throw invalidField('body', `must be an object with ${FIELDS.join(', ')}`);
  const unknownKey = Object.keys(body).find((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknownKey !== undefined) throw invalidField(unknownKey, 'is not an accepted field');
  const settings = { ...current };
  if (body.frequency !== undefined) settings.frequency = oneOf('frequency', body.frequency, RECRAWL_FREQUENCIES);
  if (body.weekday !== undefined) settings.weekday = wholeNumber('weekday', body.weekday, 0, 6);
  if (body.hour !== undefined) settings.hour = wholeNumber('hour', body.hour, 0, 23);
  if (body.new_pages !== undefined) settings.new_pages = oneOf('new_pages', body.new_pages, RECRAWL_NEW_PAGES);
  if (body.refresh_summary !== undefined) {
    if (typeof body.refresh_summary !== 'boolean') throw invalidField('refresh_summary', 'must be true or false');
    settings.refresh_summary = body.refresh_summary;
  }
  return settings;
}

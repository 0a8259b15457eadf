/**
 * Query-string values narrowed from `unknown` (STYLE.md §13): Fastify hands over strings, or
 * arrays of them for a repeated name. A bad value is a 400 naming the parameter, never a 500.
 */
import { invalidField } from './AppError.js';

/** The query string as a record; anything else (no query) as an empty one. */
export function queryRecord(query: unknown): Record<string, unknown> {
  return query !== null && typeof query === 'object' ? (query as Record<string, unknown>) : {};
}

/** The parameter as one string, undefined when absent or empty. */
export function queryString(query: Record<string, unknown>, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw invalidField(name, 'give it once, as text');
  return raw;
}

/** The ids this server makes for agents, bots, tools and users (crypto.randomUUID in server/db). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The parameter as an id of UUID shape, undefined when absent or empty. */
export function queryId(query: Record<string, unknown>, name: string): string | undefined {
  const value = queryString(query, name);
  if (value !== undefined && !UUID_PATTERN.test(value))
    throw invalidField(name, 'must be an id as the API gives them (8-4-4-4-12 hexadecimal digits)');
  return value;
}

export function wholeNumber(
  query: Record<string, unknown>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw invalidField(name, `must be a whole number from ${min} to ${max}`);
  return value;
}

/** `order`: desc (also 'descending', the default) or asc ('ascending'). */
export function sortOrder(query: Record<string, unknown>): 'asc' | 'desc' {
  const raw = query.order;
  if (raw === undefined || raw === '' || raw === 'desc' || raw === 'descending') return 'desc';
  if (raw === 'asc' || raw === 'ascending') return 'asc';
  throw invalidField('order', 'must be desc or asc');
}

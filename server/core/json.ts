/** Narrowing JSON frames from `unknown` (Twilio and Realtime messages) without `any`. */
import { isPlainObject } from '../../shared/isPlainObject.js';

export type JsonObject = Record<string, unknown>;

/** The value as a plain object, or null. */
export function asObject(value: unknown): JsonObject | null {
  return isPlainObject(value) ? value : null;
}

/** A text frame parsed as a JSON object, or null when it is not one. */
export function parseObject(raw: string): JsonObject | null {
  try {
    return asObject(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The value if it is a string, else ''. */
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');

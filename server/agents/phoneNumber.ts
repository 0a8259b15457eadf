/** E.164 phone numbers: '+', a country code that does not start with 0, at most 15 digits. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

export const PHONE_FORMAT_ERROR = 'phoneNumber: use international format, e.g. +14155550123';

/**
 * The E.164 form of what someone typed, or null. Spaces, dashes, dots and parentheses are
 * dropped first, so '+1 (415) 555-0123' is accepted as +14155550123.
 */
export function normalizePhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '');
  return E164_PATTERN.test(compact) ? compact : null;
}

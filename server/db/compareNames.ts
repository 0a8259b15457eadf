/**
 * The case-insensitive name order of lists (tools, custom values), the same on SQLite and
 * PostgreSQL. One collator for every comparison: `localeCompare` with options builds a new one
 * per call (about 10 µs, so a 500-tool list spent tens of milliseconds sorting). A collator holds
 * no state that changes, so one constant serves every request.
 */
const NAME_COLLATOR = new Intl.Collator('en', { sensitivity: 'base' });

/** Negative, zero or positive as `a` sorts before, with or after `b`, ignoring case and accents. */
export const compareNames: (a: string, b: string) => number = NAME_COLLATOR.compare;

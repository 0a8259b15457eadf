/** Display formatters of spec part 1 §5 and part 2 §5. */

export const INVALID_DATE = 'Invalid Date';

/** Shows a 12-character number starting +1 as +1 (xxx) xxx-xxxx; anything else unchanged. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length === 12 && phone.startsWith('+1') && /^\+1\d{10}$/.test(phone)) {
    return `+1 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
  }
  return phone;
}

/** Shows a duration in seconds as `s`, `m s` or `h m s` (e.g. 45s, 2m 5s, 1h 0m 3s). */
export function formatDuration(totalSeconds: number | null | undefined): string {
  const seconds = Math.max(0, Math.floor(Number(totalSeconds) || 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

const MIN_YEAR = 1970;
const MAX_YEAR = 2100;

/**
 * Turns a timestamp (milliseconds, as a number or numeric string) into a Date, or null when it is
 * non-positive, not numeric, or outside the years 1970–2100.
 */
export function parseTimestamp(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? value : /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < MIN_YEAR || year > MAX_YEAR) return null;
  return date;
}

/** Shows a date and time in the viewer's locale, or 'Invalid Date' per the spec's rule. */
export function formatDateTime(value: number | string | null | undefined, locale?: string): string {
  const date = parseTimestamp(value);
  return date ? date.toLocaleString(locale) : INVALID_DATE;
}

/** Shows a time of day in the viewer's locale, or 'Invalid Date' per the spec's rule (transcript lines, tool calls). */
export function formatTime(value: number | string | null | undefined, locale?: string): string {
  const date = parseTimestamp(value);
  return date ? date.toLocaleTimeString(locale) : INVALID_DATE;
}

/** Shows a date in the viewer's locale, or 'Invalid Date' per the spec's rule. */
export function formatDate(value: number | string | null | undefined, locale?: string): string {
  const date = parseTimestamp(value);
  return date ? date.toLocaleDateString(locale) : INVALID_DATE;
}

/** Cuts text at `max` characters with an ellipsis (tool descriptions, demo links). */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** A size in bytes as people read a limit: '5 MB', '64 KB', '300 bytes' (whole units only). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** What a figure that was not measured shows (a call from before figures were kept): never 0. */
export const NOT_MEASURED = '—';

/** A latency or duration in ms: '840 ms' below a second, '1.25 s' from one; '—' when unknown. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return NOT_MEASURED;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** A cost in US dollars: 4 decimals below a dollar (calls cost cents), 2 from one; '—' when unknown. */
export function formatUsd(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return NOT_MEASURED;
  return `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
}

/** A token count with thousands separators ('12,345'); '—' when unknown. */
export function formatCount(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return NOT_MEASURED;
  return Math.round(count).toLocaleString('en-US');
}

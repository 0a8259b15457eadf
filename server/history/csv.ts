/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF, a field quoted when it
 * holds a comma, a quote or a line break, its quotes doubled. Text cells that a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first) get a leading apostrophe (OWASP "CSV
 * injection"), unless they are a plain number such as a phone number (+14155550100).
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d[\d\s().-]*$/;

export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(fields: ReadonlyArray<string | number | boolean | null>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

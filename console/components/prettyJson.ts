/** Function arguments and output as the dialog shows them: indented JSON when they parse, else as sent. */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value !== 'string') return JSON.stringify(value, null, 2) ?? String(value);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** True for a JSON-style object (not null, not an array): a parsed body, frame, schema or stored value. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

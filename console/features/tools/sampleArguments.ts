/**
 * Starting arguments for the Test panel, built from a tool's parameter schema: numbers 0, strings
 * '', booleans false, arrays [], nested objects filled the same way; required properties first.
 */

type Schema = { type?: unknown; properties?: unknown; required?: unknown; enum?: unknown };

function asSchema(value: unknown): Schema {
  return value !== null && typeof value === 'object' ? (value as Schema) : {};
}

function sampleValue(schema: Schema, depth: number): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'number':
    case 'integer':
      return 0;
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      // Schemas can refer to themselves in spirit; a few levels is plenty for a test call.
      return depth < 4 ? sampleArguments(schema, depth + 1) : {};
    default:
      return null;
  }
}

export function sampleArguments(schema: unknown, depth = 0): Record<string, unknown> {
  const { properties, required } = asSchema(schema);
  if (properties === null || typeof properties !== 'object') return {};
  const props = properties as Record<string, unknown>;
  const requiredNames = Array.isArray(required) ? required.filter((n): n is string => typeof n === 'string' && n in props) : [];
  const ordered = [...new Set([...requiredNames, ...Object.keys(props)])];
  const result: Record<string, unknown> = {};
  for (const name of ordered) result[name] = sampleValue(asSchema(props[name]), depth);
  return result;
}

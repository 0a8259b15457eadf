/**
 * Starting arguments for the Test panel, built from a tool's parameter schema, required
 * properties first. Each value is one the schema accepts where it says enough (issue 7, finding
 * 14): its `default`, else its `const`, else the first `enum` value, else by type — numbers at
 * 0 moved into their `minimum`/`maximum` (exclusive bounds too), strings of `minLength` x's,
 * booleans false, arrays of `minItems` sample items, nested objects filled the same way.
 */
import { isPlainObject } from '../../../shared/isPlainObject.js';

type Schema = Record<string, unknown>;

const MAX_DEPTH = 4;

function asSchema(value: unknown): Schema {
  return isPlainObject(value) ? value : {};
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** 0 when the bounds allow it, else the closest bound (or just inside an exclusive one). */
function sampleNumber(schema: Schema, integer: boolean): number {
  const min = finite(schema.minimum);
  const max = finite(schema.maximum);
  const exclusiveMin = finite(schema.exclusiveMinimum);
  const exclusiveMax = finite(schema.exclusiveMaximum);
  const allowed = (v: number) =>
    (min === undefined || v >= min) &&
    (max === undefined || v <= max) &&
    (exclusiveMin === undefined || v > exclusiveMin) &&
    (exclusiveMax === undefined || v < exclusiveMax) &&
    (!integer || Number.isInteger(v));
  const near = (bound: number | undefined, inward: number) =>
    bound === undefined
      ? []
      : integer
        ? [Math.ceil(bound), Math.floor(bound), Math.floor(bound) + inward]
        : [bound, bound + inward];
  const candidates = [0, ...near(min, 1), ...near(max, -1), ...near(exclusiveMin, 1), ...near(exclusiveMax, -1)];
  const found = candidates.find(allowed);
  if (found !== undefined) return found;
  // A narrow open range such as (0, 1): its middle.
  const low = min ?? exclusiveMin ?? 0;
  const high = max ?? exclusiveMax ?? low;
  return integer ? Math.round((low + high) / 2) : (low + high) / 2;
}

function sampleValue(schema: Schema, depth: number): unknown {
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? schema.type[0]) : schema.type;
  switch (type) {
    case 'number':
      return sampleNumber(schema, false);
    case 'integer':
      return sampleNumber(schema, true);
    case 'string':
      return 'x'.repeat(Math.min(finite(schema.minLength) ?? 0, 1000));
    case 'boolean':
      return false;
    case 'array': {
      const count = Math.min(finite(schema.minItems) ?? 0, 20);
      return Array.from({ length: count }, () =>
        depth < MAX_DEPTH ? sampleValue(asSchema(schema.items), depth + 1) : null,
      );
    }
    case 'object':
      // Schemas can refer to themselves in spirit; a few levels is plenty for a test call.
      return depth < MAX_DEPTH ? sampleArguments(schema, depth + 1) : {};
    default:
      return null;
  }
}

export function sampleArguments(schema: unknown, depth = 0): Record<string, unknown> {
  const { properties, required } = asSchema(schema);
  if (properties === null || typeof properties !== 'object') return {};
  const props = properties as Record<string, unknown>;
  const requiredNames = Array.isArray(required)
    ? required.filter((n): n is string => typeof n === 'string' && n in props)
    : [];
  const ordered = [...new Set([...requiredNames, ...Object.keys(props)])];
  const result: Record<string, unknown> = {};
  for (const name of ordered) result[name] = sampleValue(asSchema(props[name]), depth);
  return result;
}

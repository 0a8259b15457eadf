import { describe, expect, it } from 'vitest';
import { checkJsonSchema, validateArgs } from '../../server/sandbox/validateArgs.js';

const WEATHER = {
  type: 'object',
  properties: {
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    unit: { enum: ['celsius', 'fahrenheit'] },
    route: { type: 'object', properties: { stops: { type: 'array', items: { type: 'string' } } } },
  },
  required: ['latitude', 'longitude'],
  additionalProperties: false,
};

describe('validateArgs', () => {
  it('accepts arguments that match the schema', () => {
    expect(validateArgs(WEATHER, { latitude: 38.7, longitude: -9.1, unit: 'celsius' })).toEqual({ ok: true });
  });

  it.each([
    [{ latitude: 'north', longitude: 1 }, 'latitude: must be number'],
    [{ longitude: 1 }, "args must have required property 'latitude'"],
    [{ latitude: 1, longitude: 2, city: 'Lisbon' }, "args must NOT have additional property 'city'"],
    [{ latitude: 1, longitude: 2, unit: 'kelvin' }, 'unit: must be equal to one of the allowed values ("celsius", "fahrenheit")'],
    [{ latitude: 1, longitude: 2, route: { stops: ['a', 3] } }, 'route.stops[1]: must be string'],
    ['38.7,-9.1', 'args must be object'],
  ])('names the field for %j', (args, message) => {
    expect(validateArgs(WEATHER, args)).toEqual({ ok: false, error: message });
  });

  it('reports an unusable schema instead of throwing', () => {
    expect(validateArgs({ type: 'string' }, 'x')).toEqual({ ok: false, error: "Parameters schema must have type 'object' at the top level" });
  });

  it('keeps schemas that share an $id apart', () => {
    const a = { $id: 'https://example.com/args', type: 'object', required: ['a'] };
    const b = { $id: 'https://example.com/args', type: 'object', required: ['b'] };
    expect(validateArgs(a, { a: 1 })).toEqual({ ok: true });
    expect(validateArgs(b, { a: 1 })).toEqual({ ok: false, error: "args must have required property 'b'" });
  });
});

describe('checkJsonSchema', () => {
  it('accepts an object schema, an empty schema and a declared dialect', () => {
    expect(checkJsonSchema(WEATHER)).toBeNull();
    expect(checkJsonSchema({})).toBeNull();
    expect(checkJsonSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' })).toBeNull();
  });

  it.each([
    [null, 'Parameters must be a JSON Schema object'],
    [[], 'Parameters must be a JSON Schema object'],
    ['{"type":"object"}', 'Parameters must be a JSON Schema object'],
    [{ type: 'array' }, "Parameters schema must have type 'object' at the top level"],
    [{ type: 'object', required: 'latitude' }, 'Parameters schema is invalid: parameters/required must be array'],
  ])('rejects %j', (schema, message) => {
    expect(checkJsonSchema(schema)).toBe(message);
  });

  it('rejects a bad property type and an unresolvable reference', () => {
    expect(checkJsonSchema({ type: 'object', properties: { a: { type: 'decimal' } } })).toMatch(/^Parameters schema is invalid: parameters\/properties\/a\/type/);
    expect(checkJsonSchema({ type: 'object', properties: { a: { $ref: '#/definitions/none' } } })).toMatch(/^Parameters schema is invalid: can't resolve reference/);
  });
});

/**
 * The sandbox's one parameters-schema checker: checkJsonSchema when a tool is saved, and
 * argumentsError for a call's arguments (run inside the worker). The texts are the ones the
 * tools API and the Test panel show; tools-arguments.test.ts covers the memo and $id cases.
 */
import { describe, expect, it } from 'vitest';
import { argumentsError, checkJsonSchema } from '../../server/sandbox/parameterSchemas.js';

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
const WEATHER_JSON = JSON.stringify(WEATHER);
const INVALID_SCHEMA = 'parameters: must be a valid JSON Schema object';

describe('argumentsError', () => {
  it('accepts arguments that match the schema', () => {
    expect(argumentsError(WEATHER_JSON, { latitude: 38.7, longitude: -9.1, unit: 'celsius' })).toBeNull();
  });

  it.each([
    [{ latitude: 'north', longitude: 1 }, 'Invalid arguments (latitude: must be a number)'],
    [{ longitude: 1 }, 'Invalid arguments (latitude: is required)'],
    [{ latitude: 1, longitude: 2, city: 'Lisbon' }, 'Invalid arguments (city: is not an accepted field)'],
    [{ latitude: 1, longitude: 2, unit: 'kelvin' }, 'Invalid arguments (unit: must be one of celsius, fahrenheit)'],
    [{ latitude: 1, longitude: 2, route: { stops: ['a', 3] } }, 'Invalid arguments (route.stops.1: must be a string)'],
    ['38.7,-9.1', 'Invalid arguments (args: must be an object)'],
  ])('names the field for %j', (args, message) => {
    expect(argumentsError(WEATHER_JSON, args)).toBe(message);
  });

  it('reports an unusable stored schema instead of throwing', () => {
    const unresolvable = JSON.stringify({ type: 'object', properties: { a: { $ref: '#/definitions/none' } } });
    expect(argumentsError(unresolvable, {})).toBe(
      "The tool's parameters schema is invalid: can't resolve reference #/definitions/none from id #",
    );
    expect(argumentsError('{not json', {})).toMatch(/^The tool's parameters schema is invalid: /);
  });

  it('keeps schemas that share an $id apart', () => {
    const a = JSON.stringify({ $id: 'https://example.com/args', type: 'object', required: ['a'] });
    const b = JSON.stringify({ $id: 'https://example.com/args', type: 'object', required: ['b'] });
    expect(argumentsError(a, { a: 1 })).toBeNull();
    expect(argumentsError(b, { a: 1 })).toBe('Invalid arguments (b: is required)');
  });
});

describe('checkJsonSchema', () => {
  it('accepts an object schema and a declared dialect', () => {
    expect(checkJsonSchema(WEATHER)).toBeNull();
    expect(checkJsonSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' })).toBeNull();
  });

  it('accepts a pattern without running it: saving never matches user input', () => {
    expect(
      checkJsonSchema({ type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } }),
    ).toBeNull();
  });

  it.each([
    [null, 'parameters: must be an object'],
    [[], 'parameters: must be an object'],
    ['{"type":"object"}', 'parameters: must be an object'],
    [{}, `${INVALID_SCHEMA}: the top level must have "type": "object"`],
    [{ type: 'string' }, `${INVALID_SCHEMA}: the top level must have "type": "object"`],
    [{ type: 'array' }, `${INVALID_SCHEMA}: the top level must have "type": "object"`],
    [{ type: 'object', required: 'latitude' }, `${INVALID_SCHEMA}: required: must be an array`],
  ])('rejects %j', (schema, message) => {
    expect(checkJsonSchema(schema)).toBe(message);
  });

  it('rejects a bad property type and an unresolvable reference', () => {
    expect(checkJsonSchema({ type: 'object', properties: { a: { type: 'decimal' } } })).toBe(
      `${INVALID_SCHEMA}: properties.a.type: must be one of array, boolean, integer, null, number, object, string`,
    );
    expect(checkJsonSchema({ type: 'object', properties: { a: { $ref: '#/definitions/none' } } })).toBe(
      `${INVALID_SCHEMA}: can't resolve reference #/definitions/none from id #`,
    );
  });
});

describe('schema bounds (issue 7, finding 1)', () => {
  const anyOf = (count: number) => ({
    type: 'object',
    properties: { a: { anyOf: Array.from({ length: count }, (_, i) => ({ const: i })) } },
  });

  it('refuses more than 500 subschemas before Ajv compiles anything', () => {
    expect(checkJsonSchema(anyOf(498))).toBeNull();
    expect(checkJsonSchema(anyOf(2500))).toBe(
      'parameters: must have at most 500 schemas (properties, items and branches together)',
    );
  });

  const branches = { anyOf: Array.from({ length: 2500 }, (_, i) => ({ const: `option-${i}` })) };
  const TOO_MANY = 'parameters: must have at most 500 schemas (properties, items and branches together)';

  it.each([
    ['an unknown keyword', { type: 'object', properties: { c: { $ref: '#/x' } }, x: branches }],
    ['default data', { type: 'object', properties: { c: { $ref: '#/default' } }, default: branches }],
    [
      'enum data, percent- and ~-escaped',
      { type: 'object', properties: { c: { $ref: '#/enum/0/a~1b%20c' } }, enum: [{ 'a/b c': branches }] },
    ],
    [
      'an $id anchor under an unknown keyword',
      { type: 'object', properties: { c: { $ref: '#big' } }, x: { $id: '#big', ...branches } },
    ],
  ])('counts what a $ref points at in %s (Ajv compiles it too)', (_label, schema) => {
    expect(checkJsonSchema(schema)).toBe(TOO_MANY);
  });

  it('counts a definition once however often it is referenced, and allows recursion', () => {
    const definition = { anyOf: Array.from({ length: 300 }, (_, i) => ({ const: i })) };
    const refs = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`p${i}`, { $ref: '#/definitions/choice' }]));
    expect(checkJsonSchema({ type: 'object', properties: refs, definitions: { choice: definition } })).toBeNull();
    const tree = {
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
    };
    expect(checkJsonSchema(tree)).toBeNull();
    expect(
      argumentsError(JSON.stringify(tree), { name: 'a', children: [{ name: 'b', children: [{ name: 3 }] }] }),
    ).toBe('Invalid arguments (children.0.children.0.name: must be a string)');
  });

  it('refuses a $ref that leaves the schema', () => {
    const refused = "parameters: $ref must point inside the schema ('#/…')";
    expect(checkJsonSchema({ type: 'object', properties: { c: { $ref: 'other.json#/default' } } })).toBe(refused);
    expect(checkJsonSchema({ type: 'object', properties: { c: { $ref: 'https://example.com/s.json' } } })).toBe(
      refused,
    );
  });

  it('answers the arguments of a stored $async schema with an error instead of a promise', () => {
    const stored = JSON.stringify({ $async: true, type: 'object', properties: { n: { type: 'number' } } });
    expect(argumentsError(stored, { n: 'x' })).toBe(
      "The tool's parameters schema is invalid: asynchronous validation ($async) is not supported",
    );
  });
});

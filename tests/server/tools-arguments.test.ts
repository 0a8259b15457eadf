/**
 * The parameters schema checks a call's arguments before the handler runs: the error names the
 * field, as the Test panel and a model's tool call show it.
 */
import { describe, expect, it } from 'vitest';
import { argumentsError, checkJsonSchema } from '../../server/sandbox/parameterSchemas.js';

const WEATHER = JSON.stringify({
  type: 'object',
  properties: { latitude: { type: 'number' }, longitude: { type: 'number' }, units: { enum: ['metric', 'imperial'] } },
  required: ['latitude', 'longitude'],
});

describe('tool arguments', () => {
  it('accepts arguments that match', () => {
    expect(argumentsError(WEATHER, { latitude: 52.5, longitude: 13.4 })).toBeNull();
    expect(argumentsError(WEATHER, { latitude: 0, longitude: 0, units: 'metric' })).toBeNull();
  });

  it.each([
    [{ longitude: 13.4 }, 'Invalid arguments (latitude: is required)'],
    [{ latitude: 'north', longitude: 13.4 }, 'Invalid arguments (latitude: must be a number)'],
    [{ latitude: 1, longitude: 2, units: 'kelvin' }, 'Invalid arguments (units: must be one of metric, imperial)'],
    [[1, 2], 'Invalid arguments (args: must be an object)'],
    ['{"latitude":1}', 'Invalid arguments (args: must be an object)'],
  ])('names the field of %j', (args, message) => {
    expect(argumentsError(WEATHER, args)).toBe(message);
  });

  it('checks nested fields by their path', () => {
    const schema = JSON.stringify({
      type: 'object',
      properties: { address: { type: 'object', properties: { zip: { type: 'string' } }, required: ['zip'] } },
    });
    expect(argumentsError(schema, { address: {} })).toBe('Invalid arguments (address.zip: is required)');
  });

  it('compiles schemas that share an $id independently', () => {
    const a = JSON.stringify({ $id: 'https://example.com/p', type: 'object', required: ['a'] });
    const b = JSON.stringify({ $id: 'https://example.com/p', type: 'object', required: ['b'] });
    expect(checkJsonSchema(JSON.parse(a))).toBeNull();
    expect(checkJsonSchema(JSON.parse(b))).toBeNull();
    expect(argumentsError(a, { b: 1 })).toBe('Invalid arguments (a: is required)');
    expect(argumentsError(b, { a: 1 })).toBe('Invalid arguments (b: is required)');
  });

  it('keeps working after more distinct schemas than it caches', () => {
    for (let i = 0; i < 300; i += 1) {
      const schema = JSON.stringify({
        type: 'object',
        properties: { [`p${i}`]: { type: 'integer' } },
        required: [`p${i}`],
      });
      expect(argumentsError(schema, { [`p${i}`]: i })).toBeNull();
      expect(argumentsError(schema, {})).toBe(`Invalid arguments (p${i}: is required)`);
    }
    expect(argumentsError(WEATHER, { latitude: 1, longitude: 2 })).toBeNull();
  });
});

describe('parameters schema check', () => {
  it('ignores a declared dialect, so schemas written for draft 2020-12 still save', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { q: { type: 'string' } },
    };
    expect(checkJsonSchema(schema)).toBeNull();
    expect(argumentsError(JSON.stringify(schema), { q: 1 })).toBe('Invalid arguments (q: must be a string)');
  });

  it('keeps schemas apart that use the same nested $id', () => {
    const schema = (required: string) => ({
      type: 'object',
      properties: { p: { $id: 'https://example.com/p', type: 'object', required: [required] } },
    });
    const a = JSON.stringify(schema('a'));
    const b = JSON.stringify(schema('b'));
    expect(argumentsError(a, { p: {} })).toBe('Invalid arguments (p.a: is required)');
    expect(checkJsonSchema(schema('b'))).toBeNull();
    expect(argumentsError(b, { p: {} })).toBe('Invalid arguments (p.b: is required)');
  });
});

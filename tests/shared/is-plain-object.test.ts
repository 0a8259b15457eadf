// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../../shared/isPlainObject.js';

describe('isPlainObject', () => {
  it('accepts JSON objects, empty or not, and objects without a prototype', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject(JSON.parse('{"type":"object","properties":{}}'))).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
  });

  it('refuses null, arrays and every other JSON value', () => {
    for (const value of [null, undefined, [], [{}], 'x', '', 0, 1.5, true, false])
      expect(isPlainObject(value), JSON.stringify(value)).toBe(false);
  });
});

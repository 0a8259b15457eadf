import { describe, expect, it } from 'vitest';
import { deriveErrorText, statusText } from '../../shared/errors.js';

describe('displayed error text (spec part 1 §8)', () => {
  it.each([
    [400, 'Bad request - please check your input data'],
    [401, 'Authentication required'],
    [403, 'You do not have permission to perform this action'],
    [404, 'Resource not found'],
    [409, 'Conflict - resource already exists or is in use'],
    [422, 'Validation error - please check your input data'],
    [500, 'Internal server error - please try again later'],
    [418, 'Request failed with status 418'],
    [503, 'Request failed with status 503'],
  ])('status %i shows %s', (status, text) => {
    expect(deriveErrorText({ status, body: null })).toBe(text);
    expect(statusText(status)).toBe(text);
  });

  it('falls back when nothing is known', () => {
    expect(deriveErrorText({})).toBe('An unexpected error occurred');
  });

  it('prefers error, then message, then a string body, then details/description/reason', () => {
    const full = { error: 'E', message: 'M', details: 'D', description: 'X', reason: 'R' };
    expect(deriveErrorText({ status: 400, body: full })).toBe('E');
    expect(deriveErrorText({ status: 400, body: { ...full, error: '' } })).toBe('M');
    expect(deriveErrorText({ status: 400, body: 'plain text body' })).toBe('plain text body');
    expect(deriveErrorText({ status: 400, body: { details: 'D', description: 'X', reason: 'R' } })).toBe('D');
    expect(deriveErrorText({ status: 400, body: { description: 'X', reason: 'R' } })).toBe('X');
    expect(deriveErrorText({ status: 400, body: { reason: 'R' } })).toBe('R');
  });

  it('uses the client message unless it is a network, timeout or generic failure', () => {
    expect(deriveErrorText({ status: 0, clientMessage: 'Token refresh failed' })).toBe('Token refresh failed');
    expect(deriveErrorText({ status: 0, clientMessage: 'Network Error' })).toBe('An unexpected error occurred');
    expect(deriveErrorText({ status: 0, clientMessage: 'Failed to fetch' })).toBe('An unexpected error occurred');
    expect(deriveErrorText({ status: 504, clientMessage: 'timeout of 0ms exceeded' })).toBe(
      'Request failed with status 504',
    );
    expect(deriveErrorText({ status: 500, clientMessage: 'Request failed with status code 500' })).toBe(
      'Internal server error - please try again later',
    );
  });

  it('a body field wins over the client message and the status', () => {
    expect(deriveErrorText({ status: 409, body: { error: 'Username already exists' }, clientMessage: 'x' })).toBe(
      'Username already exists',
    );
  });
});

describe('errorTextFromBody', () => {
  it('gives the body text or nothing', async () => {
    const { errorTextFromBody } = await import('../../shared/errors.js');
    expect(errorTextFromBody({ error: 'Username already exists' })).toBe('Username already exists');
    expect(errorTextFromBody({ success: false })).toBeUndefined();
    expect(errorTextFromBody(null)).toBeUndefined();
  });
});

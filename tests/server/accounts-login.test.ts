import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, refreshCookieOf, type TestApp, type TestUser } from '../helpers/serverApp.js';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ role: 'user' });
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: payload as object, headers });

describe('POST /api/accounts/login', () => {
  it('answers the user and an access token, and sets the refresh cookie', async () => {
    const response = await login({ username: alice.username, password: alice.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      user: { id: alice.id, username: alice.username, role: 'user', email: alice.email },
      accessToken: expect.any(String),
    });
    const cookie = response.cookies.find((c) => c.name === 'sb_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/accounts', maxAge: 14 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy();
  });

  it('answers the same error for an unknown user and a wrong password', async () => {
    const unknown = await login({ username: 'nobody-here', password: 'whatever1' });
    const wrong = await login({ username: alice.username, password: 'not-the-password' });
    const expected = { success: false, error: 'Invalid username or password', code: 'invalid_credentials' };
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(expected);
    expect(wrong.json()).toEqual(expected);
    expect(refreshCookieOf(wrong)).toBeNull();
  });

  it.each([
    ['missing fields', {}, 'username: is required'],
    ['a missing password', { username: 'a' }, 'password: is required'],
    ['a number as username', { username: 42, password: 'x' }, 'username: must be a string'],
    ['an empty password', { username: 'a', password: '' }, 'password: must not be empty'],
    ['an unknown field', { username: 'a', password: 'b', role: 'superadmin' }, 'role: is not an accepted field'],
    ['an array body', [1, 2], 'body: must be an object'],
  ])('refuses %s with 400 naming the field', async (_name, payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: message, code: 'validation_failed' });
  });

  it('refuses malformed JSON with 400 invalid_json', async () => {
    const response = await login('{"username": "a",', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_json' });
  });

  it('refuses an oversized body with 413', async () => {
    const big = { username: 'a', password: 'x'.repeat(t.config.bodyLimitBytes + 10) };
    const response = await login(big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'payload_too_large' });
  });

  it('refuses an unsupported content type with a 4xx', async () => {
    const response = await login('username=a&password=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('failed-login throttle', () => {
  it('answers 429 with Retry-After after 5 failures, then lets the user in once the window passes', async () => {
    const bob = await t.createUser();
    const ip = { remoteAddress: '10.0.0.5' };
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { username: bob.username, password },
        ...ip,
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt('wrong-password')).statusCode).toBe(401);

    const blocked = await attempt(bob.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'rate_limited' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Another address is not blocked for the same username.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { username: bob.username, password: bob.password },
      remoteAddress: '10.0.0.6',
    });
    expect(elsewhere.statusCode).toBe(200);

    t.clock.advance(retryAfter * 1000);
    expect((await attempt(bob.password)).statusCode).toBe(200);
  });

  it('a success clears the failures of that username and address', async () => {
    const carol = await t.createUser();
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { username: carol.username, password },
        remoteAddress: '10.0.0.7',
      });
    for (let i = 0; i < 4; i += 1) await attempt('wrong-password');
    expect((await attempt(carol.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await attempt('wrong-password')).statusCode).toBe(401);
    expect((await attempt(carol.password)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('work until they expire after 15 minutes, then answer 401 token_expired', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const get = () => t.app.inject({ method: 'GET', url: '/api/accounts/settings', headers: t.auth(accessToken) });
    expect((await get()).statusCode).toBe(200);
    t.clock.advance(14 * 60 * 1000);
    expect((await get()).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 1000);
    const expired = await get();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ success: false, code: 'token_expired' });
  });

  it('refuses a tampered or missing token with 401', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const tampered = `${accessToken.slice(0, -2)}xx`;
    const bad = await t.app.inject({ method: 'GET', url: '/api/accounts/settings', headers: t.auth(tampered) });
    expect(bad.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/api/accounts/settings' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, error: 'Authentication required', code: 'unauthorized' });
  });
});

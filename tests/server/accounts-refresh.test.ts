import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, refreshCookieOf, type TestApp, type TestUser } from '../helpers/serverApp.js';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser();
});
afterAll(() => t.close());

const refresh = (token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/accounts/refresh-token', cookies: token ? { sb_refresh: token } : {} });

describe('POST /api/accounts/refresh-token', () => {
  it('answers a new access token and rotates the cookie', async () => {
    const session = await t.login(alice.username, alice.password);
    const response = await refresh(session.refreshToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, accessToken: expect.any(String) });
    const next = refreshCookieOf(response);
    expect(next).toBeTruthy();
    expect(next).not.toBe(session.refreshToken);

    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/settings',
      headers: t.auth(response.json().accessToken),
    });
    expect(settings.statusCode).toBe(200);
    expect((await refresh(next!)).statusCode).toBe(200);
  });

  it('treats a replayed token as theft: 401 and the whole family is revoked', async () => {
    const session = await t.login(alice.username, alice.password);
    const first = await refresh(session.refreshToken);
    const rotated = refreshCookieOf(first)!;

    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, code: 'unauthorized' });
    // The legitimate holder of the newer token is signed out too.
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('leaves other sign-ins alone when one family is revoked', async () => {
    const one = await t.login(alice.username, alice.password);
    const two = await t.login(alice.username, alice.password);
    await refresh(one.refreshToken);
    await refresh(one.refreshToken);
    expect((await refresh(two.refreshToken)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie, with an unknown token, and after 14 days', async () => {
    expect((await refresh()).statusCode).toBe(401);
    const unknown = await refresh('not-a-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.cookies.find((c) => c.name === 'sb_refresh')?.value).toBe('');

    const session = await t.login(alice.username, alice.password);
    t.clock.advance(14 * 24 * 3600 * 1000 + 1000);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });
});

const logout = (request: { cookies?: Record<string, string>; headers?: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/accounts/logout', ...request });

describe('POST /api/accounts/logout', () => {
  it('revokes the refresh family and clears the cookie', async () => {
    const session = await t.login(alice.username, alice.password);
    const response = await logout({
      cookies: { sb_refresh: session.refreshToken },
      headers: t.auth(session.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Logged out successfully', disconnectedConnections: 0 });
    expect(response.cookies.find((c) => c.name === 'sb_refresh')?.value).toBe('');
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('works with only the cookie, with only an expired token, and with nothing at all', async () => {
    const session = await t.login(alice.username, alice.password);
    const cookieOnly = await logout({ cookies: { sb_refresh: session.refreshToken } });
    expect(cookieOnly.statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);

    const later = await t.login(alice.username, alice.password);
    t.clock.advance(60 * 60 * 1000);
    const expired = await logout({ headers: t.auth(later.accessToken) });
    expect(expired.statusCode).toBe(200);

    const nothing = await logout({ headers: { 'content-type': 'application/json' } });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({ success: true, disconnectedConnections: 0 });
  });
});

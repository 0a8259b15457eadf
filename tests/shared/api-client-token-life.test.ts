/**
 * The API client and the access token's life (issue 18): a token about to expire is refreshed
 * before it is sent, by the server's clock as the client learns it, and only a refused refresh
 * signs the user out.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../shared/api/index.js';
import { fakeAccessToken } from '../helpers/fakeAccessToken.js';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A fake server on its own clock: it issues 60-second tokens, accepts only unexpired tokens it
 * issued, and answers the refresh as `refresh()` says (a new token by default).
 */
function fakeServer(serverNow: () => number, refreshAnswer?: () => Response | Promise<Response>) {
  const issued = new Map<string, number>();
  const calls: Array<{ path: string; authorization: string | null }> = [];
  function issue(): string {
    const token = fakeAccessToken(serverNow(), 60);
    issued.set(token, Math.floor(serverNow() / 1000) * 1000 + 60_000);
    return token;
  }
  const fetch = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const path = String(url).replace(/^\/api/, '');
    const authorization = new Headers(init.headers).get('Authorization');
    calls.push({ path, authorization });
    if (path === '/accounts/login')
      return json(200, { success: true, accessToken: issue(), user: { id: '2', username: 'bob', role: 'user' } });
    if (path === '/accounts/refresh-token')
      return refreshAnswer ? refreshAnswer() : json(200, { success: true, accessToken: issue() });
    const expiresAt = issued.get(authorization?.replace('Bearer ', '') ?? '');
    if (expiresAt === undefined || expiresAt <= serverNow())
      return json(401, { success: false, error: 'Access token expired', code: 'token_expired' });
    return json(200, { ok: true });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    issue,
    calls,
    refreshes: () => calls.filter((c) => c.path === '/accounts/refresh-token').length,
    unauthorized: () =>
      calls.filter(
        (c) =>
          c.path !== '/accounts/refresh-token' &&
          c.authorization !== null &&
          !issued.has(c.authorization.replace('Bearer ', '')),
      ).length,
  };
}

function storedToken(initial: string | null) {
  let token = initial;
  return {
    getToken: () => token,
    setToken: (next: string) => {
      token = next;
    },
    current: () => token,
  };
}

/** A client holding a token the fake server just issued, on a clock the test moves with `advance`. */
function signedInClient() {
  let now = Date.now();
  const server = fakeServer(() => now);
  const store = storedToken(server.issue());
  const api = createApiClient({ fetch: server.fetch, ...store, now: () => now });
  const advance = (ms: number) => {
    now += ms;
  };
  return { server, store, api, advance };
}

describe('the access token before a request', () => {
  it('refreshes a token about to expire first, so the request never meets a 401', async () => {
    const { server, store, api, advance } = signedInClient();
    const first = store.current();

    advance(40_000); // 20 s left of 60: not due yet (a quarter of the life, 15 s, before expiry)
    await api.agents.list();
    expect(server.refreshes()).toBe(0);

    advance(6_000); // 14 s left: due
    await Promise.all([api.agents.list(), api.tools.list(), api.sessions.active()]);
    expect(server.refreshes()).toBe(1);
    expect(store.current()).not.toBe(first);
    expect(server.calls.filter((c) => c.path !== '/accounts/refresh-token').map((c) => c.authorization)).toEqual([
      `Bearer ${first}`,
      `Bearer ${store.current()}`,
      `Bearer ${store.current()}`,
      `Bearer ${store.current()}`,
    ]);
  });

  it('judges by the server clock it learns from issued tokens: a client clock an hour fast does not refresh on every request', async () => {
    const serverNow = () => Date.now();
    const server = fakeServer(serverNow);
    const store = storedToken(null);
    const api = createApiClient({ fetch: server.fetch, ...store, now: () => Date.now() + 3_600_000 });
    const login = await api.accounts.login({ username: 'bob', password: 'secret-password' });
    store.setToken(login.accessToken);
    for (let i = 0; i < 3; i++) await api.agents.list();
    expect(server.refreshes()).toBe(0);
    expect(server.unauthorized()).toBe(0);
  });

  it('keeps the session when the refresh cannot reach the server, and signs out only when it is refused', async () => {
    let now = Date.now();
    let refreshAnswer: () => Response | Promise<Response> = () => {
      throw new TypeError('Failed to fetch');
    };
    const server = fakeServer(
      () => now,
      () => refreshAnswer(),
    );
    const store = storedToken(server.issue());
    const onAuthFailure = vi.fn();
    const api = createApiClient({ fetch: server.fetch, ...store, onAuthFailure, now: () => now });

    now += 50_000; // due, not expired: sent as it is when no new one can be had
    await expect(api.agents.list()).resolves.toEqual({ ok: true });
    now += 20_000; // expired: the server refuses it and the refresh still cannot be made
    await expect(api.agents.list()).rejects.toMatchObject({ status: 0 });
    refreshAnswer = () => json(503, { success: false, error: 'Database unavailable' });
    await expect(api.tokens.fresh()).rejects.toBeInstanceOf(ApiError);
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(store.current()).not.toBeNull();

    refreshAnswer = () => json(401, { success: false, error: 'Invalid refresh token' });
    await expect(api.agents.list()).rejects.toThrow('Invalid refresh token');
    await expect(api.tokens.fresh()).resolves.toBeNull();
    expect(onAuthFailure).toHaveBeenCalledTimes(2);
  });
});

describe('api.tokens', () => {
  it('fresh() answers the stored token while it is good and one refreshed token for many callers once it is due', async () => {
    const { server, store, api, advance } = signedInClient();
    const first = store.current();
    expect(await api.tokens.fresh()).toBe(first);
    expect(api.tokens.refreshDueIn()).toBeGreaterThan(44_000);
    advance(61_000);
    expect(api.tokens.refreshDueIn()).toBeLessThan(0);
    const answers = await Promise.all([api.tokens.fresh(), api.tokens.fresh(), api.agents.list(), api.tokens.fresh()]);
    expect(server.refreshes()).toBe(1);
    expect(answers[0]).toBe(store.current());
    expect(answers[1]).toBe(store.current());
    expect(answers[3]).toBe(store.current());
    expect(store.current()).not.toBe(first);
    expect(api.tokens.refreshDueIn()).toBeGreaterThan(44_000);
  });

  it('fresh() is null without a stored token, and a token without readable times is used as it is', async () => {
    const server = fakeServer(() => Date.now());
    expect(await createApiClient({ fetch: server.fetch, ...storedToken(null) }).tokens.fresh()).toBeNull();
    const opaque = createApiClient({ fetch: server.fetch, ...storedToken('opaque-token') });
    expect(await opaque.tokens.fresh()).toBe('opaque-token');
    expect(opaque.tokens.refreshDueIn()).toBeNull();
    expect(server.refreshes()).toBe(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../shared/api/index.js';

interface Call {
  url: string;
  init: RequestInit;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake server: access token `new` is valid; the refresh endpoint hands it out after a delay. */
function fakeServer(options: { refreshOk?: boolean } = {}) {
  const calls: Call[] = [];
  let refreshCalls = 0;
  const fetch = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const auth = new Headers(init.headers).get('Authorization');
    if (String(url).endsWith('/accounts/refresh-token')) {
      refreshCalls += 1;
      await new Promise((r) => setTimeout(r, 20));
      return options.refreshOk === false
        ? json(401, { success: false, error: 'Invalid refresh token', code: 'unauthorized' })
        : json(200, { success: true, accessToken: 'new' });
    }
    if (auth !== 'Bearer new') return json(401, { success: false, error: 'Token expired', code: 'token_expired' });
    return json(200, { ok: true, path: String(url) });
  });
  return { fetch, calls, refreshCount: () => refreshCalls };
}

/** A client of `server` whose access token starts expired ('old') and takes what a refresh hands out. */
function clientWithExpiredToken(server: ReturnType<typeof fakeServer>, getImpersonatedUserId?: () => string) {
  const session = { token: 'old' };
  const api = createApiClient({
    fetch: server.fetch as unknown as typeof fetch,
    getToken: () => session.token,
    setToken: (t) => {
      session.token = t;
    },
    getImpersonatedUserId,
  });
  return { api, session };
}

describe('createApiClient', () => {
  it('sends cookies, the bearer token and the impersonation header', async () => {
    const server = fakeServer();
    const api = createApiClient({
      fetch: server.fetch as unknown as typeof fetch,
      getToken: () => 'new',
      setToken: () => {},
      getImpersonatedUserId: () => 'user-42',
    });
    await api.agents.list();
    const { url, init } = server.calls[0]!;
    expect(url).toBe('/api/agents');
    expect(init.credentials).toBe('include');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer new');
    expect(headers.get('X-Impersonate-User-Id')).toBe('user-42');
  });

  it('10 concurrent 401s share exactly one refresh and each is retried once with the new token', async () => {
    const server = fakeServer();
    const { api, session } = clientWithExpiredToken(server);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api.request<{ ok: boolean }>('GET', `/r${i}`)),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(server.refreshCount()).toBe(1);
    expect(session.token).toBe('new');
    for (let i = 0; i < 10; i++) {
      const attempts = server.calls.filter((c) => c.url === `/api/r${i}`);
      expect(attempts).toHaveLength(2);
      expect(new Headers(attempts[1]!.init.headers).get('Authorization')).toBe('Bearer new');
    }
  });

  it('a refused refresh reports the auth failure once for all the requests that waited on it, and each throws', async () => {
    const server = fakeServer({ refreshOk: false });
    const onAuthFailure = vi.fn();
    const api = createApiClient({
      fetch: server.fetch as unknown as typeof fetch,
      getToken: () => 'old',
      setToken: () => {},
      onAuthFailure,
    });
    const outcomes = await Promise.allSettled([api.agents.list(), api.tools.list()]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(server.refreshCount()).toBe(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    const reason = (outcomes[0] as PromiseRejectedResult).reason as ApiError;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason.message).toBe('Invalid refresh token');
  });

  it('login does not try to refresh on 401 and throws the server text', async () => {
    const fetch = vi.fn(async () =>
      json(401, { success: false, error: 'Invalid username or password', code: 'invalid_credentials' }),
    );
    const api = createApiClient({ fetch: fetch as unknown as typeof fetch, getToken: () => null, setToken: () => {} });
    await expect(api.accounts.login({ username: 'a', password: 'b' })).rejects.toThrow('Invalid username or password');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a network failure becomes the fallback text', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = createApiClient({ fetch: fetch as unknown as typeof fetch, getToken: () => null, setToken: () => {} });
    await expect(api.health()).rejects.toThrow('An unexpected error occurred');
  });

  it('a non-JSON error body is shown as it is', async () => {
    const fetch = vi.fn(async () => new Response('Service down for maintenance', { status: 503 }));
    const api = createApiClient({ fetch: fetch as unknown as typeof fetch, getToken: () => 't', setToken: () => {} });
    await expect(api.health()).rejects.toThrow('Service down for maintenance');
  });

  it('streams an export: the answer comes back unread after a refresh, with the impersonation header; a failure is an ApiError', async () => {
    const server = fakeServer();
    const { api } = clientWithExpiredToken(server, () => 'user-42');
    const response = await api.history.exportConversations('bot 1', 'jsonl');
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toMatchObject({
      ok: true,
      path: '/api/history/webchats/bot%201/export?format=jsonl',
    });
    expect(server.refreshCount()).toBe(1);
    expect(new Headers(server.calls.at(-1)!.init.headers).get('X-Impersonate-User-Id')).toBe('user-42');

    const failing = createApiClient({
      fetch: (async () => json(400, { success: false, error: 'format: must be csv or jsonl' })) as typeof fetch,
      getToken: () => 'new',
      setToken: () => {},
    });
    await expect(failing.history.exportCalls('csv', 'desc')).rejects.toMatchObject({
      status: 400,
      message: expect.any(String),
    });
    await expect(failing.history.exportCalls('csv', 'desc')).rejects.toBeInstanceOf(ApiError);
  });
});

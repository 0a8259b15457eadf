import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskUrlSecrets } from '../../server/http/logging.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';
import { listenForSockets, openTestSocket } from '../helpers/serverSocket.js';

let t: TestApp;
let alice: TestUser;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void logLines.push(line) } });
  // A route that fails the way a bug would, registered before the app is ready.
  t.app.get('/api/test-failure', { config: { auth: 'public' } }, async () => {
    throw new Error('connect ECONNREFUSED db-host:5432 password=hunter2');
  });
  alice = await t.createUser();
});
afterAll(() => t.close());

describe('error policy', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'Resource not found', code: 'not_found' });
  });

  it('hides the internals of a 500 and logs them with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    expectApiError(response, 500, { error: 'Internal server error - please try again later', code: 'internal_error' });
    expect(response.body).not.toContain('hunter2');
    const requestId = response.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    const logged = logLines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.level >= 50 && entry.reqId === requestId);
    expect(logged?.err?.message).toContain('ECONNREFUSED');
  });

  it('answers a JSON body with __proto__ as bad input, not a crash', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('security headers', () => {
  it('are on API answers and pages', async () => {
    for (const url of ['/api/health', '/']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      // 'self' alone: the real-time channel on this origin, no other host (issue 7, finding 10).
      expect(csp).toMatch(/(^|;)connect-src 'self'(;|$)/);
      expect(csp).toContain('img-src');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // No page is framed, not even by this origin's demo pages (issue 18).
      expect(csp).toMatch(/(^|;)frame-ancestors 'none'(;|$)/);
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('transport and cross-origin headers (issue 7, finding 10)', () => {
  it('sends HSTS only over HTTPS, as a trusted proxy reports it', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const proxied = await createTestApp({ config: { trustProxy: true } });
    try {
      const viaHttps = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const viaHttp = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY a client cannot claim HTTPS.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['/api/health', 'same-origin'],
    ['/api/tools', 'same-origin'],
    ['/api/no-such-thing', 'same-origin'],
    ['/', 'same-origin'],
    ['/widget.js', 'cross-origin'],
    ['/widget.mjs', 'cross-origin'],
    ['/%77idget.js', 'cross-origin'],
    ['/examples/preview.html', 'cross-origin'],
    ['/api/widget/webchats/some-id', 'cross-origin'],
  ])('answers %s with Cross-Origin-Resource-Policy: %s', async (url, policy) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.headers['cross-origin-resource-policy']).toBe(policy);
  });
});

describe('logs', () => {
  it('never contain passwords, tokens, cookies or the ?token= of the real-time channel', async () => {
    const session = await t.login(alice.username, alice.password);
    await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/settings',
      headers: t.auth(session.accessToken),
      cookies: { sb_refresh: session.refreshToken },
      payload: { openai_api_key: 'sk-logged-never-1234' },
    });
    const base = await listenForSockets(t.app);
    const socket = openTestSocket(`${base}/api/frontend?token=${session.accessToken}`);
    await socket.nextMessage();
    socket.socket.close();
    await socket.closed;

    const all = logLines.join('\n');
    expect(all).toContain('/api/frontend?token=[REDACTED]');
    for (const secret of [alice.password, session.accessToken, session.refreshToken, 'sk-logged-never-1234']) {
      expect(all).not.toContain(secret);
    }
  });

  it('masks token query values in URLs', () => {
    expect(maskUrlSecrets('/api/frontend?token=abc.def&impersonate=u1')).toBe(
      '/api/frontend?token=[REDACTED]&impersonate=u1',
    );
    expect(maskUrlSecrets('/x?a=1&access_token=zzz')).toBe('/x?a=1&access_token=[REDACTED]');
  });
});

describe('GET /api/health', () => {
  it('answers ok with the uptime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
  });
});

describe('global API rate limit', () => {
  it('answers 429 in the error shape with Retry-After once the window is used up, and spares pages', async () => {
    const limited = await createTestApp({ config: { rateLimit: { max: 3, windowMs: 60_000 } } });
    try {
      for (let i = 0; i < 3; i += 1)
        expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const response = await limited.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ success: false, code: 'rate_limited' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect((await limited.app.inject({ method: 'GET', url: '/widget.js' })).statusCode).toBe(503);
    } finally {
      await limited.close();
    }
  });
});

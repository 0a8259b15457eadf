/**
 * Decisions on the routed path, not the raw URL text (issue 7, finding 3): the router decodes
 * `/%61pi/health` to `/api/health`, so the rate limit must count it there, for plain requests,
 * logins and WebSocket upgrades alike; and `?%74oken=` is the `token` key, so it is redacted in
 * the log like `?token=`.
 */

import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { maskUrlSecrets } from '../../server/http/logging.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { listenForSockets, openTestSocket } from '../helpers/serverSocket.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const limited = () => createTestApp({ config: { rateLimit: { max: 3, windowMs: 60_000 } } });

/** The HTTP status a WebSocket upgrade got: 101 when it opened. */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('open', () => {
      socket.terminate();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
    });
    socket.on('error', reject);
  });
}

describe('rate limit on the routed path', () => {
  it('counts /%61pi/health as /api/health, with the rate-limit headers, whatever the spelling', async () => {
    t = await limited();
    const spellings = ['/%61pi/health', '/api/health', '/%61%70%69/%68ealth'];
    for (const url of spellings) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-ratelimit-limit'], url).toBe('3');
    }
    const response = await t.app.inject({ method: 'GET', url: '/%61pi/health' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ success: false, code: 'rate_limited' });
  });

  it('counts logins sent to /%61pi/accounts/login', async () => {
    t = await limited();
    const login = () =>
      t!.app.inject({
        method: 'POST',
        url: '/%61pi/accounts/login',
        payload: { username: 'nobody', password: 'wrong-password' },
      });
    for (let i = 0; i < 3; i += 1) expect((await login()).statusCode).not.toBe(429);
    expect((await login()).statusCode).toBe(429);
  });

  it('counts unknown API paths too, and leaves console pages alone', async () => {
    t = await limited();
    for (let i = 0; i < 3; i += 1)
      expect((await t.app.inject({ method: 'GET', url: '/%61pi/no-such-thing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/agents', headers: { accept: 'text/html' } })).statusCode).toBe(
      503,
    );
  });

  it('counts WebSocket upgrades to /%61pi/frontend', async () => {
    t = await limited();
    const base = await listenForSockets(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await upgradeStatus(`${base}/%61pi/frontend?token=x`));
    expect(statuses).toEqual([101, 101, 101, 429]);
  });
});

describe('token query keys', () => {
  it('reads ?%74oken= as the token and never logs it', async () => {
    const logLines: string[] = [];
    t = await createTestApp({ logStream: { write: (line) => void logLines.push(line) } });
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    const base = await listenForSockets(t.app);
    const socket = openTestSocket(`${base}/api/frontend?%74oken=${accessToken}`);
    expect(await socket.nextMessage()).toMatchObject({ type: 'connection.established', user: { id: user.id } });
    socket.socket.close();
    await socket.closed;
    const all = logLines.join('\n');
    expect(all).toContain('/api/frontend?%74oken=[REDACTED]');
    expect(all).not.toContain(accessToken);
  });

  it('refuses a token given twice under two spellings instead of picking one', async () => {
    t = await createTestApp();
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    const socket = openTestSocket(
      `${await listenForSockets(t.app)}/api/frontend?token=${accessToken}&%74oken=${accessToken}`,
    );
    expect(await socket.nextMessage()).toMatchObject({ type: 'auth.error' });
    expect((await socket.closed).code).toBe(4001);
  });

  it.each([
    ['/api/frontend?%74oken=abc.def&impersonate=u1', '/api/frontend?%74oken=[REDACTED]&impersonate=u1'],
    ['/api/frontend?TOKEN=abc', '/api/frontend?TOKEN=[REDACTED]'],
    ['/x?a=1&access%5Ftoken=zzz&refresh_token', '/x?a=1&access%5Ftoken=[REDACTED]&refresh_token=[REDACTED]'],
    ['/x?tokens=keep&a=%zz', '/x?tokens=keep&a=%zz'],
  ])('masks %s', (url, masked) => {
    expect(maskUrlSecrets(url)).toBe(masked);
  });
});

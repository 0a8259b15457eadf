/**
 * Logout ends the session it is called for (issue 7, finding 5): that session's access token is
 * refused at once over HTTP and the real-time channel, even after a restart, while the user's
 * other sessions go on. Password change, deletion and role changes cut access as well.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/serverApp.js';
import { listenForSockets, openTestSocket } from '../helpers/serverSocket.js';
import { refreshWith, settingsWith } from '../helpers/sessionRequests.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listenForSockets(t.app);
});
afterAll(() => t.close());

const settings = (accessToken: string) => settingsWith(t, accessToken);
const refresh = (refreshToken: string) => refreshWith(t, refreshToken);
const logout = (session: SignedIn, parts: { cookie?: boolean; bearer?: boolean } = { cookie: true, bearer: true }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/logout',
    ...(parts.cookie ? { cookies: { sb_refresh: session.refreshToken } } : {}),
    ...(parts.bearer ? { headers: t.auth(session.accessToken) } : {}),
  });
const connect = (accessToken: string) => openTestSocket(`${base}/api/frontend?token=${accessToken}`);

async function signedInTwice() {
  const user = await t.createUser();
  return {
    user,
    first: await t.login(user.username, user.password),
    second: await t.login(user.username, user.password),
  };
}

describe('after logout', () => {
  it('the access token is refused over HTTP and cannot open a WebSocket', async () => {
    const { first } = await signedInTwice();
    expect((await settings(first.accessToken)).statusCode).toBe(200);
    expect((await logout(first)).statusCode).toBe(200);

    const refused = await settings(first.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, error: 'Your session has ended, please sign in again' });
    const socket = connect(first.accessToken);
    expect(await socket.nextMessage()).toEqual({
      type: 'auth.error',
      error: 'Your session has ended, please sign in again',
    });
    expect((await socket.closed).code).toBe(4001);
  });

  it("closes that session's sockets with 4001 and leaves the user's other session working", async () => {
    const { user, first, second } = await signedInTwice();
    const ending = connect(first.accessToken);
    const staying = connect(second.accessToken);
    await ending.nextMessage();
    await staying.nextMessage();

    const response = await logout(first);
    expect(response.json()).toEqual({ success: true, message: 'Logged out successfully', disconnectedConnections: 1 });
    expect((await ending.closed).code).toBe(4001);

    expect((await settings(second.accessToken)).statusCode).toBe(200);
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
    expect(t.app.realtime.count(user.id)).toBe(1);
    staying.send({ type: 'ping' });
    expect((await staying.nextMessage()).type).toBe('pong');
    staying.socket.close();
  });

  it('with only the access token, ends its session: the token and its refresh cookie are refused', async () => {
    const { first, second } = await signedInTwice();
    expect((await logout(first, { bearer: true })).statusCode).toBe(200);
    expect((await settings(first.accessToken)).statusCode).toBe(401);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await settings(second.accessToken)).statusCode).toBe(200);
  });

  it('with only the cookie, refuses the access tokens of that session, refreshed ones included', async () => {
    const { first } = await signedInTwice();
    const rotated = await refresh(first.refreshToken);
    const newer = {
      ...first,
      accessToken: rotated.json().accessToken as string,
      refreshToken: rotated.cookies[0]!.value,
    };
    expect((await logout(newer, { cookie: true })).statusCode).toBe(200);
    expect((await settings(first.accessToken)).statusCode).toBe(401);
    expect((await settings(newer.accessToken)).statusCode).toBe(401);
  });

  it('stays refused after a restart on the same database', async () => {
    const { first, second } = await signedInTwice();
    await logout(first);
    const restarted = await buildApp({ db: t.db, config: t.config, now: t.clock.now, logger: { level: 'silent' } });
    try {
      const get = (token: string) =>
        restarted.inject({ method: 'GET', url: '/api/accounts/settings', headers: t.auth(token) });
      expect((await get(first.accessToken)).statusCode).toBe(401);
      expect((await get(second.accessToken)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it("a replayed refresh token ends its session's access tokens too", async () => {
    const { first } = await signedInTwice();
    expect((await refresh(first.refreshToken)).statusCode).toBe(200);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await settings(first.accessToken)).statusCode).toBe(401);
  });
});

describe('other ways access ends', () => {
  it("a deleted user's token is refused", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const { first } = await signedInTwice();
    const adminSession = await t.login(admin.username, admin.password);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/admin/users/${first.user.id}`,
      headers: t.auth(adminSession.accessToken),
    });
    expect((await settings(first.accessToken)).statusCode).toBe(401);
  });

  it('a demoted admin loses admin routes and the sockets they impersonate through at once', async () => {
    const superadmin = await t.createUser({ role: 'superadmin' });
    const admin = await t.createUser({ role: 'admin' });
    const member = await t.createUser();
    const top = await t.login(superadmin.username, superadmin.password);
    const adminSession = await t.login(admin.username, admin.password);
    const watching = openTestSocket(`${base}/api/frontend?token=${adminSession.accessToken}&impersonate=${member.id}`);
    expect(await watching.nextMessage()).toMatchObject({ type: 'connection.established', user: { id: member.id } });

    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/admin/users/${admin.id}`,
      headers: t.auth(top.accessToken),
      payload: { role: 'user' },
    });
    expect(demote.statusCode).toBe(200);
    expect((await watching.closed).code).toBe(1000);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/admin/users',
      headers: t.auth(adminSession.accessToken),
    });
    expect(list.statusCode).toBe(403);
    const again = openTestSocket(`${base}/api/frontend?token=${adminSession.accessToken}&impersonate=${member.id}`);
    expect((await again.closed).code).toBe(4003);
  });
});

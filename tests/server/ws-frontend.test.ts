import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PROTOCOL, realtimeProtocols } from '../../shared/realtimeToken.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';
import { listenForSockets, openTestSocket } from '../helpers/serverSocket.js';

let t: TestApp;
let base: string;
let alice: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  base = await listenForSockets(t.app);
  alice = await t.createUser();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

const connect = (query: string) => openTestSocket(`${base}/api/frontend${query}`);

describe('/api/frontend authentication', () => {
  it.each([
    ['no token', ''],
    ['an invalid token', '?token=not-a-jwt'],
  ])('answers auth.error then closes 4001 for %s', async (_name, query) => {
    const socket = connect(query);
    expect(await socket.nextMessage()).toEqual({ type: 'auth.error', error: expect.any(String) });
    expect((await socket.closed).code).toBe(4001);
  });

  it('answers auth.error and 4001 for an expired token', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    t.clock.advance(16 * 60 * 1000);
    const socket = connect(`?token=${accessToken}`);
    expect(await socket.nextMessage()).toEqual({ type: 'auth.error', error: 'Access token expired' });
    expect((await socket.closed).code).toBe(4001);
  });

  it('confirms a valid token with connection.established and the user', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const socket = connect(`?token=${accessToken}`);
    expect(await socket.nextMessage()).toEqual({
      type: 'connection.established',
      user: { id: alice.id, username: alice.username, role: 'user', email: alice.email },
    });
    socket.socket.close();
  });
});

describe('/api/frontend with the token in the subprotocols (the console keeps it out of the URL)', () => {
  it('confirms a valid token and answers the switchboard subprotocol, which browsers require', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const socket = openTestSocket(`${base}/api/frontend`, realtimeProtocols(accessToken));
    expect(await socket.nextMessage()).toMatchObject({ type: 'connection.established', user: { id: alice.id } });
    expect(socket.socket.protocol).toBe(REALTIME_PROTOCOL);
    socket.socket.close();
  });

  it('refuses an expired or forged token there with auth.error and 4001, like in the query', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const forged = openTestSocket(`${base}/api/frontend`, realtimeProtocols(`${accessToken.slice(0, -2)}xx`));
    expect(await forged.nextMessage()).toEqual({ type: 'auth.error', error: 'Invalid access token' });
    expect((await forged.closed).code).toBe(4001);
    t.clock.advance(16 * 60 * 1000);
    const expired = openTestSocket(`${base}/api/frontend`, realtimeProtocols(accessToken));
    expect(await expired.nextMessage()).toEqual({ type: 'auth.error', error: 'Access token expired' });
    expect((await expired.closed).code).toBe(4001);
  });

  it('lets an admin impersonate with the token in the subprotocols', async () => {
    const { accessToken } = await t.login(admin.username, admin.password);
    const socket = openTestSocket(`${base}/api/frontend?impersonate=${alice.id}`, realtimeProtocols(accessToken));
    expect(await socket.nextMessage()).toMatchObject({ type: 'connection.established', user: { id: alice.id } });
    socket.socket.close();
  });
});

describe('/api/frontend through app.injectWS', () => {
  it('works without a listening socket too', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const first = new Promise<string>((resolve) => {
      void t.app
        .injectWS(
          `/api/frontend?token=${accessToken}`,
          {},
          { onInit: (ws) => ws.once('message', (data) => resolve(data.toString())) },
        )
        .then((ws) => {
          void first.then(() => ws.terminate());
        });
    });
    expect(JSON.parse(await first)).toMatchObject({ type: 'connection.established', user: { id: alice.id } });
  });
});

describe('/api/frontend messages', () => {
  it('answers ping with pong, even when the ping is sent before authentication finished', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const socket = connect(`?token=${accessToken}`);
    socket.send({ type: 'ping' });
    expect((await socket.nextMessage()).type).toBe('connection.established');
    expect(await socket.nextMessage()).toEqual({ type: 'pong', timestamp: t.clock.now() });
    socket.socket.close();
  });

  it('answers bad frames with an error and stays open', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const socket = connect(`?token=${accessToken}`);
    await socket.nextMessage();
    socket.send('this is not json');
    expect(await socket.nextMessage()).toEqual({ type: 'error', error: 'Unknown or malformed message' });
    socket.send({ type: 'subscribe.everything' });
    expect((await socket.nextMessage()).type).toBe('error');
    socket.send({ type: 'ping' });
    expect((await socket.nextMessage()).type).toBe('pong');
    socket.socket.close();
  });

  it('closes with 1000 on user.logout', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const socket = connect(`?token=${accessToken}`);
    await socket.nextMessage();
    socket.send({ type: 'user.logout', timestamp: Date.now() });
    expect((await socket.closed).code).toBe(1000);
  });

  it('closes a connection that sends an oversized frame', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const socket = connect(`?token=${accessToken}`);
    await socket.nextMessage();
    socket.send('x'.repeat(t.config.wsMaxPayloadBytes + 1));
    expect((await socket.closed).code).toBe(1009);
  });
});

describe('delivery and logout', () => {
  it('delivers sendToUser events to that user only, impersonating admins included', async () => {
    const bob = await t.createUser();
    const aliceSession = await t.login(alice.username, alice.password);
    const bobSession = await t.login(bob.username, bob.password);
    const adminSession = await t.login(admin.username, admin.password);
    const aliceSocket = connect(`?token=${aliceSession.accessToken}`);
    const bobSocket = connect(`?token=${bobSession.accessToken}`);
    const watching = connect(`?token=${adminSession.accessToken}&impersonate=${alice.id}`);
    await aliceSocket.nextMessage();
    await bobSocket.nextMessage();
    expect(await watching.nextMessage()).toMatchObject({ type: 'connection.established', user: { id: alice.id } });

    const event = { type: 'session.ended', streamSid: 'MZ1', duration: 12, endTime: 1 } as const;
    expect(t.app.realtime.sendToUser(alice.id, event)).toBe(2);
    expect(await aliceSocket.nextMessage()).toEqual(event);
    expect(await watching.nextMessage()).toEqual(event);
    bobSocket.send({ type: 'ping' });
    expect((await bobSocket.nextMessage()).type).toBe('pong');
    for (const s of [aliceSocket, bobSocket, watching]) s.socket.close();
  });

  it('refuses an impersonation the rules do not allow, without signing the console out', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const socket = connect(`?token=${accessToken}&impersonate=${admin.id}`);
    expect(await socket.nextMessage()).toMatchObject({ type: 'error' });
    expect((await socket.closed).code).toBe(4003);
  });

  it('logout closes the sockets of the session it ends, impersonating ones included, and reports how many', async () => {
    const carol = await t.createUser({ role: 'admin' });
    const first = await t.login(carol.username, carol.password);
    const sockets = [
      connect(`?token=${first.accessToken}`),
      connect(`?token=${first.accessToken}&impersonate=${alice.id}`),
    ];
    for (const s of sockets) await s.nextMessage();

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/logout',
      cookies: { sb_refresh: first.refreshToken },
      headers: t.auth(first.accessToken),
    });
    expect(response.json()).toEqual({ success: true, message: 'Logged out successfully', disconnectedConnections: 2 });
    for (const s of sockets) expect((await s.closed).code).toBe(4001);
    expect(t.app.realtime.count(carol.id)).toBe(0);
  });
});

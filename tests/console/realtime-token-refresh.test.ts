/**
 * The real-time socket and the access token's life (issue 18): a socket never (re)opens with a
 * token that is expired or about to expire; it refreshes first, through the HTTP client's single
 * refresh. The console's real API client runs against a fake fetch; the socket is a fake.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConsoleApi } from '../../console/lib/api.js';
import {
  CONNECTION_LOST_ERROR,
  connectRealtime,
  createRealtimeListeners,
  NO_TOKEN_ERROR,
  type RealtimeStatus,
  type WebSocketClass,
} from '../../console/lib/realtime.js';
import { authStore } from '../../console/lib/storage.js';
import { reconnectDelay, STORAGE_KEYS } from '../../shared/defaults.js';
import { createFakeApi, deferred, type FakeReply, type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { FakeWebSocket } from '../helpers/consoleFakeWebSocket.js';
import { storeSession, USER } from '../helpers/consoleRender.js';
import { fakeAccessToken } from '../helpers/fakeAccessToken.js';

const REFRESH = 'POST /accounts/refresh-token';
const EXPIRED_ANSWER: FakeReply = failure(401, 'Access token expired', 'token_expired');

/** The console's socket wired as RealtimeProvider wires it, to the console's API client. */
function connectWithClient(routes: FakeRoutes) {
  const fake = createFakeApi(routes);
  const api = createConsoleApi({ fetch: fake.fetch });
  const statuses: Array<[RealtimeStatus, string | null]> = [];
  const connection = connectRealtime({
    url: 'ws://127.0.0.1/api/frontend',
    token: api.tokens.fresh,
    listeners: createRealtimeListeners(),
    WebSocket: FakeWebSocket as unknown as WebSocketClass,
    onStatus: (status, error) => statuses.push([status, error]),
    onAuthFailure: () => authStore.clear(),
  });
  return { fake, api, connection, statuses };
}

const offered = (token: string) => ['switchboard', `bearer.${token}`];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the socket refreshes before it connects', () => {
  it('a stored token that has expired is refreshed before the first connect', async () => {
    const expired = fakeAccessToken(Date.now() - 20 * 60_000, 900);
    const fresh = fakeAccessToken(Date.now(), 900);
    storeSession({ user: USER, token: expired });
    const { fake, connection } = connectWithClient({ [REFRESH]: { body: { success: true, accessToken: fresh } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances.map((s) => s.protocols)).toEqual([offered(fresh)]);
    expect(fake.callsTo(REFRESH)).toHaveLength(1);
    FakeWebSocket.last!.open();
    expect(connection.status).toBe('open');
  });

  it('a reconnect refreshes a token about to expire first, and reuses a good one', async () => {
    const first = fakeAccessToken(Date.now(), 60);
    const second = fakeAccessToken(Date.now() + 50_000, 60);
    storeSession({ user: USER, token: first });
    const { fake } = connectWithClient({ [REFRESH]: { body: { success: true, accessToken: second } } });
    await vi.advanceTimersByTimeAsync(0);
    FakeWebSocket.last!.open();

    await vi.advanceTimersByTimeAsync(50_000); // 10 s left of 60: not expired, but due
    FakeWebSocket.last!.serverClose(1006);
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(FakeWebSocket.instances.map((s) => s.protocols)).toEqual([offered(first), offered(second)]);
    expect(fake.callsTo(REFRESH)).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(second);

    FakeWebSocket.last!.open();
    await vi.advanceTimersByTimeAsync(10_000);
    FakeWebSocket.last!.serverClose(1012, 'Service restart');
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(FakeWebSocket.last!.protocols).toEqual(offered(second));
    expect(fake.callsTo(REFRESH)).toHaveLength(1);
  });

  it.each(['the reconnect', 'the 401s'])(
    'a burst of 401s and a reconnect together make one refresh (%s first)',
    async (first) => {
      const old = fakeAccessToken(Date.now(), 60);
      const renewed = fakeAccessToken(Date.now() + 50_000, 60);
      storeSession({ user: USER, token: old });
      const held = deferred<FakeReply>();
      const refreshAnswer = deferred<FakeReply>();
      const { fake, api } = connectWithClient({
        'GET /agents': (call) => (call.headers.authorization === `Bearer ${renewed}` ? { body: [] } : held.promise),
        [REFRESH]: () => refreshAnswer.promise,
      });
      await vi.advanceTimersByTimeAsync(0);
      FakeWebSocket.last!.open();
      // Sent while the token was good; the server answers them once it has expired.
      const requests = Array.from({ length: 5 }, () => api.agents.list());
      await vi.advanceTimersByTimeAsync(61_000);

      if (first === 'the reconnect') {
        FakeWebSocket.last!.serverClose(1006);
        await vi.advanceTimersByTimeAsync(reconnectDelay(0));
        held.resolve(EXPIRED_ANSWER);
      } else {
        held.resolve(EXPIRED_ANSWER);
        await vi.advanceTimersByTimeAsync(0);
        FakeWebSocket.last!.serverClose(1006);
        await vi.advanceTimersByTimeAsync(reconnectDelay(0));
      }
      await vi.advanceTimersByTimeAsync(0);
      expect(fake.callsTo(REFRESH)).toHaveLength(1);
      expect(FakeWebSocket.instances).toHaveLength(1);

      refreshAnswer.resolve({ body: { success: true, accessToken: renewed } });
      expect(await Promise.all(requests)).toEqual([[], [], [], [], []]);
      await vi.advanceTimersByTimeAsync(0);
      expect(FakeWebSocket.instances.map((s) => s.protocols)).toEqual([offered(old), offered(renewed)]);
      expect(fake.callsTo(REFRESH)).toHaveLength(1);
      expect(fake.callsTo('GET /agents').map((c) => c.headers.authorization)).toEqual([
        ...Array<string>(5).fill(`Bearer ${old}`),
        ...Array<string>(5).fill(`Bearer ${renewed}`),
      ]);
    },
  );
});

describe('when no token can be had', () => {
  it('a refresh that cannot reach the server keeps the user signed in and is tried again with the backoff', async () => {
    const expired = fakeAccessToken(Date.now() - 120_000, 60);
    const fresh = fakeAccessToken(Date.now() + 1000, 60);
    storeSession({ user: USER, token: expired });
    let offline = true;
    const { fake, statuses } = connectWithClient({
      [REFRESH]: () => {
        if (offline) throw new TypeError('Failed to fetch');
        return { body: { success: true, accessToken: fresh } };
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.callsTo(REFRESH)).toHaveLength(1);
    offline = false;
    await vi.advanceTimersByTimeAsync(reconnectDelay(0) - 1);
    expect(FakeWebSocket.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances.map((s) => s.protocols)).toEqual([offered(fresh)]);
    expect(statuses.map(([status]) => status)).not.toContain('closed');
    expect(localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull();
  });

  it('offline for good: the spec’s attempts, then "closed", and still signed in for when the network is back', async () => {
    storeSession({ user: USER, token: fakeAccessToken(Date.now() - 120_000, 60) });
    const { fake, connection } = connectWithClient({
      [REFRESH]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const tries: number[] = [];
    const start = Date.now();
    for (let second = 0; second <= 60; second++) {
      const before = fake.callsTo(REFRESH).length;
      await vi.advanceTimersByTimeAsync(second === 0 ? 0 : 1000);
      if (fake.callsTo(REFRESH).length > before) tries.push(Math.round((Date.now() - start) / 1000));
    }
    expect(tries).toEqual([0, 1, 3, 7, 15, 31]);
    expect(connection.status).toBe('closed');
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
  });

  it('a refused refresh signs the user out and opens nothing', async () => {
    storeSession({ user: USER, token: fakeAccessToken(Date.now() - 120_000, 60) });
    const { statuses } = connectWithClient({
      [REFRESH]: failure(401, 'Invalid refresh token'),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(statuses.at(-1)).toEqual(['closed', NO_TOKEN_ERROR]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

it('gives up like before when sockets keep failing after a token failure counted as an attempt', async () => {
  const expired = fakeAccessToken(Date.now() - 120_000, 60);
  storeSession({ user: USER, token: expired });
  let refreshes = 0;
  const { statuses } = connectWithClient({
    [REFRESH]: () => {
      refreshes += 1;
      if (refreshes === 1) throw new TypeError('Failed to fetch');
      return { body: { success: true, accessToken: fakeAccessToken(Date.now(), 900) } };
    },
  });
  // Attempt 0 fails for want of a token; attempts 1 to 5 are sockets that cannot connect.
  const opened: number[] = [];
  const start = Date.now();
  for (let second = 0; second <= 90; second++) {
    await vi.advanceTimersByTimeAsync(second === 0 ? 0 : 1000);
    const socket = FakeWebSocket.last;
    if (socket && socket.readyState === FakeWebSocket.CONNECTING) {
      opened.push(Math.round((Date.now() - start) / 1000));
      socket.serverClose(1006);
    }
  }
  expect(opened).toEqual([1, 3, 7, 15, 31]);
  expect(statuses.at(-1)).toEqual(['closed', CONNECTION_LOST_ERROR]);
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildRealtimeUrl,
  connectRealtime,
  createRealtimeListeners,
  NO_TOKEN_ERROR,
  RECONNECT_OPTIONS,
  type RealtimeStatus,
  type WebSocketClass,
} from '../../console/lib/realtime.js';
import { authStore } from '../../console/lib/storage.js';
import { reconnectDelay, STORAGE_KEYS } from '../../shared/defaults.js';
import { FakeWebSocket } from '../helpers/consoleFakeWebSocket.js';
import { ADMIN, renderAsUser, renderConsole, storeSession, USER } from '../helpers/consoleRender.js';

const WS = FakeWebSocket as unknown as WebSocketClass;

function connect(token: () => Promise<string | null> = async () => 't') {
  const listeners = createRealtimeListeners();
  const statuses: Array<[RealtimeStatus, string | null]> = [];
  const onAuthFailure = vi.fn(() => authStore.clear());
  const connection = connectRealtime({
    url: 'ws://127.0.0.1/api/frontend',
    token,
    listeners,
    WebSocket: WS,
    onStatus: (status, error) => statuses.push([status, error]),
    onAuthFailure,
  });
  return { connection, listeners, statuses, onAuthFailure };
}

describe('realtime URL', () => {
  it('uses ws(s) on the API origin and, while impersonating, the impersonated id; never the token', () => {
    expect(buildRealtimeUrl('/api', null, 'https://sb.example.com/agents')).toBe('wss://sb.example.com/api/frontend');
    expect(buildRealtimeUrl('/api/', '7', 'http://127.0.0.1:5173/')).toBe(
      'ws://127.0.0.1:5173/api/frontend?impersonate=7',
    );
  });

  it('matches the spec backoff: retry n waits reconnectDelay(n - 1)', () => {
    const { minReconnectionDelay, reconnectionDelayGrowFactor, maxReconnectionDelay, maxRetries } = RECONNECT_OPTIONS;
    for (let retry = 1; retry <= 8; retry++) {
      const rws = Math.min(minReconnectionDelay * reconnectionDelayGrowFactor ** (retry - 1), maxReconnectionDelay);
      expect(rws).toBe(reconnectDelay(retry - 1));
    }
    expect(maxRetries).toBe(5);
  });
});

describe('realtime connection (fake WebSocket, fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    storeSession({ user: USER, impersonating: undefined });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("without a token reports 'No authentication token available' and opens nothing", async () => {
    const { statuses } = connect(async () => null);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statuses.at(-1)).toEqual(['closed', NO_TOKEN_ERROR]);
    expect(statuses.filter(([status]) => status === 'open')).toEqual([]);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('opens, passes typed events to listeners (one failing listener does not stop others) and pings every 30 s', async () => {
    const { connection, listeners, statuses } = connect();
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeWebSocket.last!;
    expect(socket.url).toBe('ws://127.0.0.1/api/frontend');
    expect(socket.protocols).toEqual(['switchboard', 'bearer.t']);
    socket.open();
    expect(connection.status).toBe('open');
    expect(statuses.at(-1)).toEqual(['open', null]);

    const seen: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    listeners.on('session.ended', () => {
      throw new Error('listener bug');
    });
    const off = listeners.on('session.ended', (event) => seen.push(`${event.streamSid}:${event.duration}`));
    socket.receive({ type: 'session.ended', streamSid: 'MZ1', duration: 12, endTime: 1 });
    socket.receive('not json');
    socket.receive({ type: 'unknown.kind' });
    off();
    socket.receive({ type: 'session.ended', streamSid: 'MZ2', duration: 3, endTime: 2 });
    expect(seen).toEqual(['MZ1:12']);

    expect(socket.messages).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(socket.messages).toEqual([{ type: 'ping' }]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(socket.messages).toEqual([{ type: 'ping' }, { type: 'ping' }]);

    expect(connection.send({ type: 'user.logout', timestamp: 5 })).toBe(true);
    expect(socket.messages.at(-1)).toEqual({ type: 'user.logout', timestamp: 5 });
    connection.close();
    expect(connection.status).toBe('closed');
  });

  it('reconnects after 1 s, 2 s, 4 s, 8 s, 16 s and then gives up', async () => {
    const { connection } = connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(1);
    for (let retry = 1; retry <= 5; retry++) {
      FakeWebSocket.last!.serverClose(1006);
      expect(connection.status).toBe('connecting');
      await vi.advanceTimersByTimeAsync(reconnectDelay(retry - 1) - 1);
      expect(FakeWebSocket.instances).toHaveLength(retry);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeWebSocket.instances).toHaveLength(retry + 1);
    }
    FakeWebSocket.last!.serverClose(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
    expect(connection.status).toBe('closed');
  });

  it('an auth.error message stops retries and clears auth', async () => {
    const { connection, onAuthFailure } = connect();
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeWebSocket.last!;
    socket.open();
    socket.receive({ type: 'auth.error', error: 'Invalid token' });
    socket.serverClose(4001, 'Invalid token');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(connection.status).toBe('closed');
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('close code 4001 stops retries and clears auth', async () => {
    const { connection, onAuthFailure } = connect();
    await vi.advanceTimersByTimeAsync(0);
    FakeWebSocket.last!.serverClose(4001, 'Unauthorized');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(onAuthFailure).toHaveBeenCalledWith('Unauthorized');
    expect(connection.status).toBe('closed');
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('RealtimeProvider in the app', () => {
  it('opens one socket with the token (and impersonated id), and auth.error sends the user to /login', async () => {
    const app = renderConsole({ path: '/agents', session: { user: ADMIN, token: 'tok-9', impersonating: USER } });
    await screen.findAllByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.last!;
    const url = new URL(socket.url);
    expect(url.pathname).toBe('/api/frontend');
    // A browser prints a failed socket's URL in its console: the token travels in the subprotocols.
    expect(socket.url).not.toContain('tok-9');
    expect(socket.protocols).toEqual(['switchboard', 'bearer.tok-9']);
    expect(url.searchParams.get('impersonate')).toBe(USER.id);

    socket.open();
    socket.receive({ type: 'auth.error', error: 'Token expired' });
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.impersonation)).toBeNull();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('sends user.logout over an open socket before calling the logout API', async () => {
    const app = renderAsUser('/agents', {
      'POST /accounts/logout': { body: { success: true, message: 'ok', disconnectedConnections: 1 } },
    });
    await screen.findAllByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.last!;
    socket.open();
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    await app.user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(socket.messages).toEqual([{ type: 'user.logout', timestamp: expect.any(Number) }]);
    expect(app.fake.callsTo('POST /accounts/logout')).toHaveLength(1);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
  });
});

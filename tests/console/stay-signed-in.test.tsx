/**
 * Staying signed in (issue 18): a reopened tab whose stored token expired refreshes before it does
 * anything else, an open tab refreshes ahead of expiry, and the browser's tabs, which share the
 * refresh cookie, take turns so a rotated cookie is never presented twice.
 */

import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../console/lib/ApiProvider.js';
import { createConsoleApi } from '../../console/lib/api.js';
import { AuthProvider } from '../../console/lib/session/AuthProvider.js';
import { authStore } from '../../console/lib/storage.js';
import { STORAGE_KEYS } from '../../shared/defaults.js';
import { createFakeApi, failure } from '../helpers/consoleFakeApi.js';
import { FakeWebSocket } from '../helpers/consoleFakeWebSocket.js';
import { renderConsole, storeSession, USER } from '../helpers/consoleRender.js';
import { fakeAccessToken } from '../helpers/fakeAccessToken.js';

const REFRESH = 'POST /accounts/refresh-token';

describe('a reopened tab', () => {
  it('with an expired token refreshes once, then opens its socket and loads its page with the new token', async () => {
    const expired = fakeAccessToken(Date.now() - 20 * 60_000, 900);
    const fresh = fakeAccessToken(Date.now(), 900);
    const app = renderConsole({
      path: '/agents',
      session: { user: USER, token: expired },
      routes: {
        // Answered after the socket would have opened: it must wait for the refresh.
        [REFRESH]: async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return { body: { success: true, accessToken: fresh } };
        },
        'GET /agents': (call) =>
          call.headers.authorization === `Bearer ${fresh}` ? { body: [] } : failure(401, 'Access token expired'),
      },
    });
    expect(await screen.findByText('No agents found')).toBeTruthy();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(FakeWebSocket.last!.protocols).toEqual(['switchboard', `bearer.${fresh}`]);
    expect(app.fake.callsTo(REFRESH)).toHaveLength(1);
    expect(app.fake.calls.filter((call) => call.headers.authorization === `Bearer ${expired}`)).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(fresh);
    expect(app.location()).toBe('/agents');
  });

  it('whose session was ended elsewhere goes to /login without opening a socket', async () => {
    const app = renderConsole({
      path: '/agents',
      session: { user: USER, token: fakeAccessToken(Date.now() - 20 * 60_000, 900) },
      routes: { [REFRESH]: failure(401, 'Invalid refresh token') },
    });
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(app.fake.callsTo(REFRESH)).toHaveLength(1);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('an open tab', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes a quarter of the token life before it expires, again and again, and stops once signed out', async () => {
    vi.useFakeTimers();
    storeSession({ user: USER, token: fakeAccessToken(Date.now(), 60) });
    const fake = createFakeApi({
      [REFRESH]: () => ({ body: { success: true, accessToken: fakeAccessToken(Date.now(), 60) } }),
    });
    const api = createConsoleApi({ fetch: fake.fetch });
    render(
      <ApiProvider api={api}>
        <AuthProvider>
          <p>signed in</p>
        </AuthProvider>
      </ApiProvider>,
    );
    const refreshes = () => fake.callsTo(REFRESH).length;
    await act(() => vi.advanceTimersByTimeAsync(44_000));
    expect(refreshes()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(refreshes()).toBe(1);
    // Two more token lives: every token is replaced before it expires.
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(refreshes()).toBe(3);
    const stored = localStorage.getItem(STORAGE_KEYS.token)!;
    expect(JSON.parse(atob(stored.split('.')[1]!)).exp * 1000).toBeGreaterThan(Date.now() + 15_000);

    act(() => authStore.clear());
    await act(() => vi.advanceTimersByTimeAsync(300_000));
    expect(refreshes()).toBe(3);
  });
});

/** Web Locks as the browser has them: one holder per name at a time, the others queued. */
function installWebLocks(): () => void {
  const tails = new Map<string, Promise<unknown>>();
  const locks = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => callback());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return () => {
    delete (navigator as { locks?: unknown }).locks;
  };
}

describe('two tabs of one browser', () => {
  it('due at the same moment make one refresh: the second tab waits its turn and takes the new token', async () => {
    const uninstall = installWebLocks();
    try {
      storeSession({ user: USER, token: fakeAccessToken(Date.now() - 120_000, 60) });
      const renewed = fakeAccessToken(Date.now(), 60);
      // Both tabs reach the same server; a second use of the rotated cookie would end the session.
      const fake = createFakeApi({
        [REFRESH]: async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return fake.callsTo(REFRESH).length === 1
            ? { body: { success: true, accessToken: renewed } }
            : failure(401, 'Refresh token was already used; please sign in again');
        },
      });
      const [tabA, tabB] = [createConsoleApi({ fetch: fake.fetch }), createConsoleApi({ fetch: fake.fetch })];
      expect(await Promise.all([tabA.tokens.fresh(), tabB.tokens.fresh()])).toEqual([renewed, renewed]);
      expect(fake.callsTo(REFRESH)).toHaveLength(1);
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(renewed);
    } finally {
      uninstall();
    }
  });
});

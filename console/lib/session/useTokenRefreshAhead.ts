import { useEffect } from 'react';
import { reconnectDelay } from '../../../shared/defaults.js';
import type { ConsoleApi } from '../api.js';

// setTimeout fires at once past this; a token's life is at most a day (ACCESS_TOKEN_TTL_SECONDS).
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * While someone is signed in, refreshes the access token ahead of its expiry (issue 18), so
 * requests and socket reconnects meet a valid token and a 401 stays the exception. The refresh
 * is the HTTP client's single one. A hidden tab's or a sleeping laptop's timer may fire late:
 * coming back to the tab or onto the network looks again, and a request or a reconnect refreshes
 * a due token itself anyway. A refresh that could not be made is tried again with the real-time
 * backoff; a refused one has signed the user out (the client's onAuthFailure).
 */
export function useTokenRefreshAhead(api: ConsoleApi, token: string | null): void {
  useEffect(() => {
    if (!token) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;

    const later = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(check, Math.min(Math.max(ms, 0), LONGEST_TIMER_MS));
    };

    function check(): void {
      clearTimeout(timer);
      if (stopped) return;
      const dueIn = api.tokens.refreshDueIn();
      if (dueIn === null) return;
      if (dueIn > 0) {
        later(dueIn);
        return;
      }
      // A new token re-runs this effect (its `token` changed); look again in case it did not.
      api.tokens.fresh().then(
        () => {
          failures = 0;
          check();
        },
        () => later(reconnectDelay(failures++)),
      );
    }

    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', check);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', check);
    };
  }, [api, token]);
}

/**
 * The client's one way to a new access token (spec part 1 §4 "Token refresh", issue 18): a 401,
 * a token about to expire before a request, the real-time socket's (re)connect and the console's
 * refresh-ahead timer all come here, and callers arriving while a refresh runs share it, so a
 * burst of them makes exactly one POST /accounts/refresh-token.
 */
import { ApiError } from './ApiError.js';
import { readBody } from './readBody.js';
import type { TokenClock } from './TokenClock.js';

export interface TokenRefresherOptions {
  getToken: () => string | null;
  setToken: (token: string) => void;
  onAuthFailure?: (error: ApiError) => void;
  /** Sends POST /accounts/refresh-token; rejects with an ApiError of status 0 when it cannot. */
  post: () => Promise<Response>;
  /** Holds a lock shared with the client's other copies (see ApiClientOptions.refreshLock). */
  refreshLock?: <T>(refresh: () => Promise<T>) => Promise<T>;
  clock: TokenClock;
}

export interface TokenRefresher {
  /**
   * A new token, unless one newer than `stale` is already stored and not due. Rejects with an
   * ApiError; a refused refresh has been reported to onAuthFailure (once, however many waited).
   */
  refresh(stale: string | null): Promise<string>;
  /** The stored token when it is not due, else a refreshed one; null when none is stored. */
  forRequest(): Promise<string | null>;
  /** Like forRequest, but null also when the refresh was refused (nobody is signed in any more). */
  fresh(): Promise<string | null>;
  /** Milliseconds until the stored token is due for a refresh; null without a token or its times. */
  refreshDueIn(): number | null;
}

/**
 * The network, the server or its rate limit failed, not the session: a refresh later may work,
 * so local auth stays (a laptop waking up or a server restarting must not sign anyone out).
 */
export function isTransientFailure(error: ApiError): boolean {
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const { getToken, clock } = options;
  let refreshing: Promise<string> | null = null;

  const isDue = (token: string) => (clock.refreshDueIn(token) ?? Infinity) <= 0;

  async function refreshOnce(stale: string | null): Promise<string> {
    // Another tab, or a refresh that ended while this caller waited, may have stored a newer token.
    const current = getToken();
    if (current && current !== stale && !isDue(current)) return current;
    const response = await options.post();
    const body = await readBody(response);
    const token = (body as { accessToken?: unknown } | null)?.accessToken;
    if (!response.ok || typeof token !== 'string') {
      throw new ApiError(response.status || 401, body, 'Token refresh failed');
    }
    clock.issued(token);
    options.setToken(token);
    return token;
  }

  async function refreshReported(stale: string | null): Promise<string> {
    try {
      // The refresh cookie rotates: two tabs presenting the same one would look like a replay
      // and end the session, hence the lock shared by the tabs.
      return await (options.refreshLock ? options.refreshLock(() => refreshOnce(stale)) : refreshOnce(stale));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(401, null, 'Token refresh failed');
      if (!isTransientFailure(apiError)) options.onAuthFailure?.(apiError);
      throw apiError;
    }
  }

  function refresh(stale: string | null): Promise<string> {
    refreshing ??= refreshReported(stale).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** The token, refreshed first when it is due; `onFailure` answers for a refresh that failed. */
  async function current(onFailure: (error: unknown, stale: string) => string | null): Promise<string | null> {
    const token = getToken();
    if (!token || !isDue(token)) return token;
    try {
      return await refresh(token);
    } catch (error) {
      return onFailure(error, token);
    }
  }

  const isTransient = (error: unknown) => error instanceof ApiError && isTransientFailure(error);

  const forRequest = () =>
    current((error, stale) => {
      // A due token may not have expired yet: without a new one, the server judges the old.
      if (isTransient(error)) return stale;
      throw error;
    });

  const fresh = () =>
    current((error) => {
      if (isTransient(error)) throw error;
      return null;
    });

  return {
    refresh,
    forRequest,
    fresh,
    refreshDueIn: () => {
      const token = getToken();
      return token ? clock.refreshDueIn(token) : null;
    },
  };
}

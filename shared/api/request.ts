import { IMPERSONATE_HEADER } from '../defaults.js';
import { ApiError } from './ApiError.js';
import { createTokenRefresher, type TokenRefresher } from './createTokenRefresher.js';
import { readBody } from './readBody.js';
import { TokenClock } from './TokenClock.js';

export interface ApiClientOptions {
  /** Base path of the API; default `/api`. */
  baseUrl?: string;
  /** The fetch to use (tests and Node pass their own). */
  fetch?: typeof fetch;
  /** The stored access token, or null. */
  getToken: () => string | null;
  /** Stores the token a refresh returned. */
  setToken: (token: string) => void;
  /** The impersonated user's id while impersonating, else null. */
  getImpersonatedUserId?: () => string | null;
  /**
   * The refresh was refused: the caller clears local auth and goes to /login. Not called when the
   * refresh could not be made (network, 5xx, 429): the session may still be good.
   */
  onAuthFailure?: (error: ApiError) => void;
  /**
   * Runs each refresh while holding a lock shared with the client's other copies that share its
   * cookie (a browser's tabs: the console passes Web Locks). Inside it the stored token is read
   * again, so a tab that waited uses the token another tab just got instead of refreshing again.
   */
  refreshLock?: <T>(refresh: () => Promise<T>) => Promise<T>;
  /** The clock tokens are judged by (tests move it); Date.now by default. */
  now?: () => number;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** False for calls that must not trigger a refresh on 401 (login, refresh itself). */
  refreshOn401?: boolean;
  signal?: AbortSignal;
}

export type Request = <T>(method: string, path: string, options?: RequestOptions) => Promise<T>;

/**
 * A GET whose answer is read as it arrives (exports): the same headers, refresh and retry as
 * `request()`, resolving with the successful Response before its body has been read. A failed
 * answer is read and thrown as an ApiError like any other.
 */
export type StreamRequest = (path: string, options?: RequestOptions) => Promise<Response>;

/**
 * A request whose answer the caller reads itself, whatever its status (a chat answer's event
 * stream, whose errors the widget reads as it reads the public route's): the same headers,
 * refresh and retry as `request()`. Rejects only when no answer came (ApiError status 0).
 */
export type RawRequest = (method: string, path: string, options?: RequestOptions) => Promise<Response>;

/** The client's access token: fresh for the real-time socket, and when the next refresh is due. */
export interface TokenAccess {
  /**
   * The stored token, refreshed first when it is expired or about to expire (the same single
   * refresh as the requests'). Null when nobody is signed in: none stored, or the refresh was
   * refused (onAuthFailure has run). Rejects with an ApiError when the refresh could not be made.
   */
  fresh(): Promise<string | null>;
  /** Milliseconds until the stored token is due for a refresh; null when unknown. */
  refreshDueIn(): number | null;
}

/**
 * The one `request()` of the client: cookies always sent, bearer token when stored, impersonation
 * header while impersonating, no timeout. A token about to expire is refreshed before the request
 * (issue 18); on a 401 it refreshes once per request; concurrent requests share that single
 * refresh and are retried with the new token (spec part 1 §4). `stream()` and `raw()` are its
 * twins for answers read as they arrive.
 */
export function createTransport(options: ApiClientOptions): {
  request: Request;
  stream: StreamRequest;
  raw: RawRequest;
  tokens: TokenAccess;
} {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clock = new TokenClock(options.now);
  const refresher: TokenRefresher = createTokenRefresher({
    getToken: options.getToken,
    setToken: options.setToken,
    ...(options.onAuthFailure ? { onAuthFailure: options.onAuthFailure } : {}),
    ...(options.refreshLock ? { refreshLock: options.refreshLock } : {}),
    post: () => send('POST', '/accounts/refresh-token', {}, null),
    clock,
  });

  function url(path: string, query?: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(key, String(value));
    }
    const qs = params.toString();
    return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async function send(method: string, path: string, opts: RequestOptions, token: string | null) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const impersonated = options.getImpersonatedUserId?.();
    if (impersonated) headers[IMPERSONATE_HEADER] = impersonated;
    try {
      return await doFetch(url(path, opts.query), {
        method,
        headers,
        credentials: 'include',
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
      });
    } catch (error) {
      throw new ApiError(0, null, error instanceof Error ? error.message : undefined);
    }
  }

  /** The answer, after one refresh and retry on a 401. */
  async function respond(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const refreshes = opts.refreshOn401 !== false;
    const usedToken = refreshes ? await refresher.forRequest() : options.getToken();
    const response = await send(method, path, opts, usedToken);
    if (response.status !== 401 || !refreshes) return response;
    // A refresh that finished while this request was in flight already stored a newer token.
    return send(method, path, opts, await refresher.refresh(usedToken));
  }

  const request: Request = async <T>(method: string, path: string, opts: RequestOptions = {}) => {
    const response = await respond(method, path, opts);
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body);
    // Sign-in, refresh and password change answer a token the server has just issued.
    const issued = (body as { accessToken?: unknown } | null)?.accessToken;
    if (typeof issued === 'string') clock.issued(issued);
    return body as T;
  };

  const stream: StreamRequest = async (path, opts = {}) => {
    const response = await respond('GET', path, opts);
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    return response;
  };

  const raw: RawRequest = (method, path, opts = {}) => respond(method, path, opts);

  return { request, stream, raw, tokens: { fresh: refresher.fresh, refreshDueIn: refresher.refreshDueIn } };
}

/** The one `request()` alone (see createTransport). */
export function createRequest(options: ApiClientOptions): Request {
  return createTransport(options).request;
}

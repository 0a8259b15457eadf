import { IMPERSONATE_HEADER } from '../defaults.js';
import { ApiError } from './ApiError.js';

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
  /** Refresh failed: the caller clears local auth and goes to /login. */
  onAuthFailure?: (error: ApiError) => void;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** False for calls that must not trigger a refresh on 401 (login, refresh itself). */
  refreshOn401?: boolean;
  signal?: AbortSignal;
}

export type Request = <T>(method: string, path: string, options?: RequestOptions) => Promise<T>;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A GET whose answer is read as it arrives (exports): the same headers, refresh and retry as
 * `request()`, resolving with the successful Response before its body has been read. A failed
 * answer is read and thrown as an ApiError like any other.
 */
export type StreamRequest = (path: string, options?: RequestOptions) => Promise<Response>;

/**
 * The one `request()` of the client: cookies always sent, bearer token when stored, impersonation
 * header while impersonating, no timeout. On a 401 it refreshes once per request; concurrent
 * requests share that single refresh and are retried with the new token (spec part 1 §4).
 * `stream()` is its twin for answers read as they arrive.
 */
export function createTransport(options: ApiClientOptions): { request: Request; stream: StreamRequest } {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let refreshing: Promise<string> | null = null;

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

  async function refresh(): Promise<string> {
    const response = await send('POST', '/accounts/refresh-token', {}, null);
    const body = await readBody(response);
    const token = (body as { accessToken?: unknown } | null)?.accessToken;
    if (!response.ok || typeof token !== 'string') {
      throw new ApiError(response.status || 401, body, 'Token refresh failed');
    }
    options.setToken(token);
    return token;
  }

  function sharedRefresh(): Promise<string> {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** The answer, after one refresh and retry on a 401. */
  async function respond(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const usedToken = options.getToken();
    const response = await send(method, path, opts, usedToken);
    if (response.status !== 401 || opts.refreshOn401 === false) return response;
    let token: string;
    try {
      // A refresh that finished while this request was in flight already gave a new token.
      const current = options.getToken();
      token = current && current !== usedToken && !refreshing ? current : await sharedRefresh();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(401, null, 'Token refresh failed');
      options.onAuthFailure?.(apiError);
      throw apiError;
    }
    return send(method, path, opts, token);
  }

  const request: Request = async <T>(method: string, path: string, opts: RequestOptions = {}) => {
    const response = await respond(method, path, opts);
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body);
    return body as T;
  };

  const stream: StreamRequest = async (path, opts = {}) => {
    const response = await respond('GET', path, opts);
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    return response;
  };

  return { request, stream };
}

/** The one `request()` alone (see createTransport). */
export function createRequest(options: ApiClientOptions): Request {
  return createTransport(options).request;
}

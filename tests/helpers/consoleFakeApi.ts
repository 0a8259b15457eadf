/**
 * A fake `fetch` for console tests: the real shared API client runs against a route table, and
 * every call is recorded (method, path, headers, JSON body) so tests can assert what was sent.
 */

export interface FakeCall {
  method: string;
  /** Path after the API base, e.g. `/accounts/settings`. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: unknown;
  /** The request's abort signal, so a test can see a Cancel reach the request. */
  signal: AbortSignal | null;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  /**
   * A body sent as it is (an export), in these pieces, with these headers; instead of `body`. A
   * piece given as a promise holds the stream until it resolves (an export caught half-way); an
   * abort of the request errors the stream as a real fetch does.
   */
  raw?: { chunks: Array<string | Promise<string>>; headers: Record<string, string> };
}

export type FakeHandler = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

/** Keys are `METHOD /path` relative to the API base, e.g. `GET /accounts/admin/users`. */
export type FakeRoutes = Record<string, FakeHandler>;

export interface FakeApi {
  fetch: typeof fetch;
  calls: FakeCall[];
  /** Replaces or adds routes during a test. */
  routes: FakeRoutes;
  callsTo(key: string): FakeCall[];
}

export function createFakeApi(routes: FakeRoutes = {}, baseUrl = '/api'): FakeApi {
  const calls: FakeCall[] = [];
  const table: FakeRoutes = { ...routes };
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://127.0.0.1',
    );
    const path = url.pathname.startsWith(baseUrl) ? url.pathname.slice(baseUrl.length) : url.pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const signal = init.signal ?? null;
    const call: FakeCall = { method, path, query: url.searchParams, headers, body, signal };
    calls.push(call);
    const handler = table[`${method} ${path}`];
    const reply: FakeReply = !handler
      ? { status: 404, body: { success: false, error: 'Not found', code: 'not_found' } }
      : typeof handler === 'function'
        ? await handler(call)
        : handler;
    const status = reply.status ?? 200;
    if (reply.raw) {
      const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
      if (signal?.aborted) throw aborted();
      const pieces = [...reply.raw.chunks];
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          signal?.addEventListener('abort', () => controller.error(aborted()), { once: true });
        },
        async pull(controller) {
          if (pieces.length === 0) return controller.close();
          const next = await pieces.shift()!;
          if (signal?.aborted) return;
          controller.enqueue(new TextEncoder().encode(next));
        },
      });
      return new Response(stream, { status, headers: reply.raw.headers });
    }
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/json' } });
  };
  return {
    fetch: fakeFetch as typeof fetch,
    calls,
    routes: table,
    callsTo: (key) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** A promise with its resolve exposed, for "while submitting" states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The server's answer to a failed call: `status` with `{ success: false, error, code }` (code left out when not given). */
export function failure(status: number, error: string, code?: string): FakeReply {
  return { status, body: { success: false, error, ...(code === undefined ? {} : { code }) } };
}

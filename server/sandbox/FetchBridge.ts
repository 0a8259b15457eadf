import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from 'quickjs-emscripten';
import { type GuardedFetch, type GuardedRequestInit, OutboundRequestError } from '../net/outboundGuard.js';

interface InFlight {
  deferred: QuickJSDeferredPromise;
  abort: AbortController;
}

/**
 * The guest's only way out: a host function that takes (url, request JSON) strings, runs the
 * guarded fetch on the worker's event loop and settles a QuickJS deferred promise with a JSON
 * string (or rejects it with an error text). The run loop waits on `nextActivity` between
 * rounds of guest jobs.
 */
export class FetchBridge {
  readonly hostFunction: QuickJSHandle;
  private readonly inFlight = new Set<InFlight>();
  private activity = false;
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly context: QuickJSContext,
    private readonly fetch: GuardedFetch,
  ) {
    this.hostFunction = context.newFunction('fetch', (url, request) => this.start(url, request));
  }

  /** Resolves when a fetch has settled since the last call, or at the deadline. */
  nextActivity(deadline: number): Promise<void> {
    if (this.activity) {
      this.activity = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.wake?.(), Math.max(0, deadline - Date.now()));
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        this.activity = false;
        resolve();
      };
    });
  }

  /** Aborts what is still running and frees its guest promises (before the context is disposed). */
  close(): void {
    this.closed = true;
    for (const entry of this.inFlight) {
      entry.abort.abort();
      entry.deferred.dispose();
    }
    this.inFlight.clear();
    this.hostFunction.dispose();
  }

  private start(urlHandle: QuickJSHandle, requestHandle: QuickJSHandle): QuickJSHandle {
    const deferred = this.context.newPromise();
    const entry: InFlight = { deferred, abort: new AbortController() };
    this.inFlight.add(entry);
    const url = this.stringOf(urlHandle);
    const init = parseRequest(this.stringOf(requestHandle));
    if (url === null || init === null) {
      queueMicrotask(() => this.settle(entry, false, 'fetch: invalid arguments'));
    } else {
      this.fetch(url, { ...init, signal: entry.abort.signal }).then(
        (res) =>
          this.settle(
            entry,
            true,
            JSON.stringify({
              url: res.url,
              status: res.status,
              statusText: res.statusText,
              redirected: res.redirected,
              headers: Object.entries(res.headers),
              body: res.body.toString('utf8'),
            }),
          ),
        (error: unknown) =>
          this.settle(entry, false, error instanceof OutboundRequestError ? error.message : 'fetch failed'),
      );
    }
    // The function wrapper disposes the handle it returns; the deferred's resolvers stay ours.
    return deferred.handle;
  }

  private settle(entry: InFlight, ok: boolean, text: string): void {
    if (this.closed || !this.inFlight.delete(entry)) return;
    try {
      const value = this.context.newString(text);
      if (ok) entry.deferred.resolve(value);
      else entry.deferred.reject(value);
      value.dispose();
    } catch {
      // Past the deadline (interrupted) or out of guest memory: the run loop reports that.
    }
    entry.deferred.dispose();
    this.activity = true;
    this.wake?.();
  }

  private stringOf(handle: QuickJSHandle | undefined): string | null {
    return handle !== undefined && this.context.typeof(handle) === 'string' ? this.context.getString(handle) : null;
  }
}

/** The prelude sends { method, headers: [name, value][], body: string | null }; anything else is refused. */
function parseRequest(text: string | null): GuardedRequestInit | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { method, headers, body } = value as Record<string, unknown>;
  if (typeof method !== 'string' || !(body === null || typeof body === 'string') || !Array.isArray(headers))
    return null;
  const pairs: Array<[string, string]> = [];
  for (const pair of headers) {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') return null;
    pairs.push([pair[0], pair[1]]);
  }
  return { method, headers: pairs, body };
}

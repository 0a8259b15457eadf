/**
 * The console's one real-time connection (spec part 1 §4 "Real-time connection", §7, §9):
 * a reconnecting-websocket to `/api/frontend`, backoff 1000 ms × 2^n capped at 30 s,
 * at most 5 reconnect attempts, `{type:'ping'}` every 30 s while open. `auth.error` or close code
 * 4001 ends it for good and reports an auth failure. Frames are narrowed with `parseServerMessage`.
 * Every attempt first asks for a token fit to connect with (refreshed when about to expire,
 * issue 18), and offers it in the subprotocols, never the URL (shared/realtimeToken.ts).
 */
import ReconnectingWebSocket from 'reconnecting-websocket';
import { REALTIME, reconnectDelay } from '../../shared/defaults.js';
import {
  type ClientMessage,
  parseServerMessage,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
} from '../../shared/protocol.js';
import { realtimeProtocols } from '../../shared/realtimeToken.js';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

export const NO_TOKEN_ERROR = 'No authentication token available';
export const CONNECTION_LOST_ERROR = 'Real-time connection lost';

export type RealtimeHandler<T extends ServerMessageType> = (message: ServerMessageOf<T>) => void;
export type Unsubscribe = () => void;

/** Typed listeners by message type; one failing listener never stops the others. */
export interface RealtimeListeners {
  on<T extends ServerMessageType>(type: T, handler: RealtimeHandler<T>): Unsubscribe;
  emit(message: ServerMessage): void;
}

export function createRealtimeListeners(): RealtimeListeners {
  const byType = new Map<string, Set<(message: ServerMessage) => void>>();
  return {
    on(type, handler) {
      const set = byType.get(type) ?? new Set();
      byType.set(type, set);
      const listener = handler as (message: ServerMessage) => void;
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit(message) {
      for (const listener of [...(byType.get(message.type) ?? [])]) {
        try {
          listener(message);
        } catch (error) {
          console.error(`Real-time listener for ${message.type} failed`, error);
        }
      }
    },
  };
}

/** The part of the WebSocket class reconnecting-websocket needs (tests pass a fake). */
export interface WebSocketClass {
  new (url: string, protocols?: string | string[]): WebSocket;
  readonly CLOSING: number;
}

/** `/api/frontend` on the API's origin with ws(s) and, while impersonating, that user's id. */
export function buildRealtimeUrl(
  apiBaseUrl: string,
  impersonatedUserId: string | null,
  pageUrl: string = window.location.href,
): string {
  const url = new URL(`${apiBaseUrl.replace(/\/$/, '')}/frontend`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (impersonatedUserId) url.searchParams.set('impersonate', impersonatedUserId);
  return url.toString();
}

/**
 * Another socket of the API (Talk, issue 20) at `path` from the API server's root, on the API's
 * origin with ws(s) and, while impersonating, that user's id, as the channel's own.
 */
export function buildSocketUrl(
  apiBaseUrl: string,
  path: string,
  impersonatedUserId: string | null,
  pageUrl: string = window.location.href,
): string {
  const url = new URL(path, new URL(apiBaseUrl, pageUrl));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (impersonatedUserId) url.searchParams.set('impersonate', impersonatedUserId);
  return url.toString();
}

/**
 * reconnecting-websocket waits `min × grow^(retry-1)` before retry number `retry` (≥ 1); with
 * these options that is exactly shared `reconnectDelay(retry - 1)`: 1 s, 2 s, 4 s, 8 s, 16 s.
 */
export const RECONNECT_OPTIONS = {
  minReconnectionDelay: reconnectDelay(0),
  reconnectionDelayGrowFactor: reconnectDelay(1) / reconnectDelay(0),
  maxReconnectionDelay: REALTIME.maxDelayMs,
  maxRetries: REALTIME.maxAttempts,
} as const;

export interface RealtimeConnectionOptions {
  /** The channel's URL (buildRealtimeUrl); it carries no token. */
  url: string;
  /**
   * The token for the next attempt: the stored one, refreshed first when it is expired or about to
   * expire. Null when nobody is signed in any more; a rejection when the refresh could not be
   * made (network, server), which counts as a failed attempt.
   */
  token: () => Promise<string | null>;
  listeners: RealtimeListeners;
  WebSocket?: WebSocketClass;
  onStatus?: (status: RealtimeStatus, error: string | null) => void;
  /** `auth.error` or close code 4001: the caller clears auth and goes to /login. */
  onAuthFailure?: (reason: string) => void;
}

export interface RealtimeConnection {
  readonly status: RealtimeStatus;
  /** Sends when open; false when the message could not be sent. */
  send(message: ClientMessage): boolean;
  close(): void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function connectRealtime(options: RealtimeConnectionOptions): RealtimeConnection {
  let status: RealtimeStatus = 'idle';
  let stopped = false;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  // Attempt number of the socket in use (0 = first connect); see the close handler.
  let socketAttempt = 0;
  // Attempts that failed before a socket was opened, for want of a token (reset once open).
  let tokenFailures = 0;
  // The token of the attempt being made: the URL provider sets it, the socket's constructor reads it.
  let attemptToken = '';

  const setStatus = (next: RealtimeStatus, error: string | null = null) => {
    status = next;
    options.onStatus?.(next, error);
  };

  const Base = options.WebSocket ?? (globalThis.WebSocket as WebSocketClass | undefined);
  if (!Base) throw new Error('No WebSocket implementation available');
  // A subclass lets us note which attempt each socket belongs to (reconnecting-websocket keeps its
  // retry counter private, and we need it to tell "retrying" from "gave up"), and offer each
  // attempt's token: reconnecting-websocket fixes the subprotocols once, at construction.
  const Tracked = class extends (Base as unknown as new (url: string, protocols?: string | string[]) => WebSocket) {
    constructor(url: string) {
      super(url, realtimeProtocols(attemptToken));
      socketAttempt = rws.retryCount;
    }
  };
  Object.defineProperty(Tracked, 'CLOSING', { value: Base.CLOSING });

  /**
   * Runs before every attempt, after its backoff. Never rejects: reconnecting-websocket would
   * stop for good on a rejected URL. Once stopped, reconnecting-websocket opens nothing with it.
   */
  const nextUrl = async (): Promise<string> => {
    // reconnecting-websocket waited by its own count; attempts that failed for want of a token add
    // theirs, so the wait is the spec's for the attempt this really is.
    if (tokenFailures > 0 && rws.retryCount > 0) {
      await wait(reconnectDelay(rws.retryCount + tokenFailures - 1) - reconnectDelay(rws.retryCount - 1));
    }
    while (!stopped) {
      try {
        const token = await options.token();
        if (stopped) break;
        if (token === null) {
          stop(NO_TOKEN_ERROR);
          break;
        }
        attemptToken = token;
        break;
      } catch {
        if (stopped) break;
        // No token could be had (offline, server restarting): this attempt failed like a socket
        // that could not connect, and the next one waits the spec's backoff.
        tokenFailures += 1;
        const failed = rws.retryCount + tokenFailures;
        if (failed > REALTIME.maxAttempts) {
          stop(CONNECTION_LOST_ERROR);
          break;
        }
        await wait(reconnectDelay(failed - 1));
      }
    }
    return options.url;
  };

  const rws = new ReconnectingWebSocket(nextUrl, [], {
    ...RECONNECT_OPTIONS,
    WebSocket: Tracked,
  });
  setStatus('connecting');

  const stopPing = () => {
    if (pingTimer !== undefined) clearInterval(pingTimer);
    pingTimer = undefined;
  };

  const send = (message: ClientMessage): boolean => {
    if (stopped || rws.readyState !== ReconnectingWebSocket.OPEN) return false;
    rws.send(JSON.stringify(message));
    return true;
  };

  function stop(error: string | null) {
    if (stopped) return;
    stopped = true;
    stopPing();
    // close() clears reconnecting-websocket's retry flag, so a pending reconnect never opens:
    // the same effect as forcing the attempt counter to its maximum.
    rws.close();
    setStatus('closed', error);
  }

  const authFailure = (reason: string) => {
    if (stopped) return;
    stop(reason);
    options.onAuthFailure?.(reason);
  };

  rws.addEventListener('open', () => {
    if (stopped) return;
    tokenFailures = 0;
    setStatus('open');
    stopPing();
    pingTimer = setInterval(() => send({ type: 'ping' }), REALTIME.pingIntervalMs);
  });

  rws.addEventListener('message', (event: MessageEvent) => {
    if (stopped) return;
    const message = parseServerMessage(event.data);
    if (!message) return;
    if (message.type === 'auth.error') {
      authFailure(message.error || 'Authentication failed');
      return;
    }
    options.listeners.emit(message);
  });

  rws.addEventListener('close', (event) => {
    if (stopped) return;
    stopPing();
    if (event.code === REALTIME.authFailureCloseCode) {
      authFailure(event.reason || 'Authentication failed');
      return;
    }
    // reconnecting-websocket has already scheduled the next attempt (raising retryCount) unless
    // the socket that closed was the last allowed one; failed token attempts count too.
    const gaveUp =
      socketAttempt + tokenFailures >= REALTIME.maxAttempts &&
      (rws.retryCount >= REALTIME.maxAttempts || tokenFailures > 0);
    if (gaveUp) stop(CONNECTION_LOST_ERROR);
    else setStatus('connecting');
  });

  return {
    get status() {
      return status;
    },
    send,
    close: () => stop(null),
  };
}

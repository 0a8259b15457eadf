/**
 * The console's one real-time connection (spec part 1 §4 "Real-time connection", §7, §9):
 * a reconnecting-websocket to `/api/frontend?token=…`, backoff 1000 ms × 2^n capped at 30 s,
 * at most 5 reconnect attempts, `{type:'ping'}` every 30 s while open. `auth.error` or close code
 * 4001 ends it for good and reports an auth failure. Frames are narrowed with `parseServerMessage`.
 */
import ReconnectingWebSocket from 'reconnecting-websocket';
import { REALTIME, reconnectDelay } from '../../shared/defaults.js';
import {
  parseServerMessage,
  type ClientMessage,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
} from '../../shared/protocol.js';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

export const NO_TOKEN_ERROR = 'No authentication token available';

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

/** `/api/frontend` on the API's origin with ws(s), the token and, while impersonating, its id. */
export function buildRealtimeUrl(
  apiBaseUrl: string,
  token: string,
  impersonatedUserId: string | null,
  pageUrl: string = window.location.href,
): string {
  const url = new URL(`${apiBaseUrl.replace(/\/$/, '')}/frontend`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
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
  /** Builds the URL for each attempt, so a refreshed token is used; null when no token is stored. */
  url: () => string | null;
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

export function connectRealtime(options: RealtimeConnectionOptions): RealtimeConnection {
  let status: RealtimeStatus = 'idle';
  let stopped = false;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  // Attempt number of the socket in use (0 = first connect); see the close handler.
  let socketAttempt = 0;

  const setStatus = (next: RealtimeStatus, error: string | null = null) => {
    status = next;
    options.onStatus?.(next, error);
  };

  const firstUrl = options.url();
  if (firstUrl === null) {
    setStatus('closed', NO_TOKEN_ERROR);
    return { get status() { return status; }, send: () => false, close: () => {} };
  }

  const Base = options.WebSocket ?? (globalThis.WebSocket as WebSocketClass | undefined);
  if (!Base) throw new Error('No WebSocket implementation available');
  // A subclass lets us note which attempt each socket belongs to; reconnecting-websocket keeps
  // its retry counter private, and we need it to tell "retrying" from "gave up".
  const Tracked = class extends (Base as unknown as new (url: string, protocols?: string | string[]) => WebSocket) {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      socketAttempt = rws.retryCount;
    }
  };
  Object.defineProperty(Tracked, 'CLOSING', { value: Base.CLOSING });

  const rws = new ReconnectingWebSocket(() => options.url() ?? firstUrl, [], {
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

  const stop = (error: string | null) => {
    if (stopped) return;
    stopped = true;
    stopPing();
    // close() clears reconnecting-websocket's retry flag, so a pending reconnect never opens:
    // the same effect as forcing the attempt counter to its maximum.
    rws.close();
    setStatus('closed', error);
  };

  const authFailure = (reason: string) => {
    if (stopped) return;
    stop(reason);
    options.onAuthFailure?.(reason);
  };

  rws.addEventListener('open', () => {
    if (stopped) return;
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
    // the socket that closed was the last allowed one.
    const gaveUp = socketAttempt >= REALTIME.maxAttempts && rws.retryCount >= REALTIME.maxAttempts;
    if (gaveUp) stop('Real-time connection lost');
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

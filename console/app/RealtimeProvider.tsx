import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ClientMessage, ServerMessageType } from '../../shared/protocol.js';
import { useApi } from '../lib/ApiProvider.js';
import {
  buildRealtimeUrl,
  buildSocketUrl,
  connectRealtime,
  createRealtimeListeners,
  type RealtimeConnection,
  type RealtimeHandler,
  type RealtimeStatus,
  type Unsubscribe,
  type WebSocketClass,
} from '../lib/realtime.js';
import { useAuth } from '../lib/session/useAuth.js';
import { authStore } from '../lib/storage.js';

export interface RealtimeContextValue {
  status: RealtimeStatus;
  /** Why the connection is closed, when it is ('No authentication token available', …). */
  error: string | null;
  /** Subscribes to one server message type; returns the unsubscribe. Stable across reconnects. */
  on<T extends ServerMessageType>(type: T, handler: RealtimeHandler<T>): Unsubscribe;
  /** Sends when the socket is open; false otherwise. */
  send(message: ClientMessage): boolean;
  /**
   * Opens another socket of the API, such as a Talk call's (`path` from the server's root), as the
   * effective user and with the same WebSocket class as the channel. The caller owns and closes it.
   */
  openSocket(path: string, protocols: string[]): WebSocket;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

export interface RealtimeProviderProps {
  apiBaseUrl: string;
  /** Injected WebSocket class (tests); the browser's by default. */
  WebSocket?: WebSocketClass;
  children: ReactNode;
}

/**
 * Owns the console's one real-time connection while someone is signed in; it reconnects when the
 * effective user changes (impersonation starts or stops) so events always belong to that user.
 */
export function RealtimeProvider({ apiBaseUrl, WebSocket, children }: RealtimeProviderProps) {
  const api = useApi();
  const { status: authStatus, impersonation } = useAuth();
  const impersonatedId = impersonation?.impersonatedUser.id ?? null;
  const [listeners] = useState(createRealtimeListeners);
  const connection = useRef<RealtimeConnection | null>(null);
  const [state, setState] = useState<{ status: RealtimeStatus; error: string | null }>({
    status: 'idle',
    error: null,
  });

  useEffect(() => {
    if (authStatus !== 'authenticated') {
      setState({ status: 'idle', error: null });
      return undefined;
    }
    const current = connectRealtime({
      url: buildRealtimeUrl(apiBaseUrl, impersonatedId),
      // The HTTP client's own refresh: a socket never (re)opens with a token about to expire.
      token: api.tokens.fresh,
      listeners,
      ...(WebSocket ? { WebSocket } : {}),
      onStatus: (status, error) => setState({ status, error }),
      onAuthFailure: () => authStore.clear(),
    });
    connection.current = current;
    return () => {
      current.close();
      if (connection.current === current) connection.current = null;
    };
  }, [authStatus, impersonatedId, apiBaseUrl, WebSocket, listeners, api]);

  const value = useMemo<RealtimeContextValue>(
    () => ({
      status: state.status,
      error: state.error,
      on: listeners.on,
      send: (message) => connection.current?.send(message) ?? false,
      openSocket: (path, protocols) => {
        const Socket = WebSocket ?? globalThis.WebSocket;
        return new Socket(buildSocketUrl(apiBaseUrl, path, impersonatedId), protocols);
      },
    }),
    [state, listeners, WebSocket, apiBaseUrl, impersonatedId],
  );

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

/** The real-time connection: `{status, error, on, send}`. */
export function useRealtime(): RealtimeContextValue {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error('useRealtime must be used inside <RealtimeProvider>');
  return value;
}

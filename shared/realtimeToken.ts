/**
 * How the console hands its access token to `/api/frontend` (issue 18): in the WebSocket
 * subprotocols, not the URL. A browser prints a failed socket's URL in its console, and a token in
 * the query string would be printed with it. The server still reads `?token=` too (spec part 1 §7).
 */

/** The channel's own subprotocol, offered first; the server answers with it, as browsers require. */
export const REALTIME_PROTOCOL = 'switchboard';

/** The subprotocol carrying the token is this prefix and the token (a JWT: only characters a subprotocol name allows). */
export const REALTIME_TOKEN_PROTOCOL_PREFIX = 'bearer.';

/** The subprotocols a client offers to connect with `token`. */
export function realtimeProtocols(token: string): string[] {
  return [REALTIME_PROTOCOL, `${REALTIME_TOKEN_PROTOCOL_PREFIX}${token}`];
}

/** The token offered in a `Sec-WebSocket-Protocol` header, or undefined. */
export function tokenFromProtocols(header: string | undefined): string | undefined {
  for (const offered of (header ?? '').split(',')) {
    const protocol = offered.trim();
    if (protocol.startsWith(REALTIME_TOKEN_PROTOCOL_PREFIX)) {
      return protocol.slice(REALTIME_TOKEN_PROTOCOL_PREFIX.length) || undefined;
    }
  }
  return undefined;
}

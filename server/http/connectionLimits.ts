/**
 * How long a client may take and how many connections it may hold (issue 18; README
 * "Configuration"). Read from the environment in server/config.ts, applied in app.ts to Node's HTTP
 * server and by ConnectionGuard. The timeouts cover receiving a request and the idle time around
 * requests, never an answer being written: a streamed chat answer, an export and an open WebSocket
 * live as long as they need to.
 */
export interface ConnectionLimits {
  /** HEADERS_TIMEOUT_MS: a new connection must send a request's headers within this, and so must each request. */
  headersTimeoutMs: number;
  /** REQUEST_TIMEOUT_MS: a whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: a kept-alive connection idle between requests is closed after this. */
  keepAliveTimeoutMs: number;
  /** MAX_CONNECTIONS: open connections of this server, WebSockets and streams included; past it a new one is closed at once. */
  maxConnections: number;
  /** CONNECTIONS_PER_ADDRESS: open connections from one address (net/addressKey.ts); 0 turns it off. Trusted proxies are not counted. */
  perAddress: number;
}

export const CONNECTION_DEFAULTS: ConnectionLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 120_000,
  // Above the 60 s idle timeout of common load balancers, which reuse connections to the server
  // and would otherwise now and then send a request on one the server is closing.
  keepAliveTimeoutMs: 72_000,
  // Below the 1,024 open files a process often gets, leaving room for the database, outbound
  // calls and files; raise it with `ulimit -n`.
  maxConnections: 800,
  // Above what a busy office behind one NAT address holds (a console keeps a WebSocket and a few
  // requests open), and what the load benches open from one address (100 calls at once).
  perAddress: 256,
};

/**
 * Fastify's server options for `limits`. Node checks the header and request timeouts of open
 * connections every connectionsCheckingInterval (30 s by default, which would let a slow client
 * keep its socket that much longer); a quarter of the header timeout, at most a second, instead.
 */
export function connectionServerOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(limits.headersTimeoutMs / 4)),
    },
  };
}

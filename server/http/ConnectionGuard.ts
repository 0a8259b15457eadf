/**
 * What Node's HTTP server leaves open (issue 18): a connection that never sends a byte is cut by
 * no timeout of Node's (headersTimeout starts at the first byte), and nothing stops one address
 * from holding every connection the process can open. 996 idle sockets from one address (with
 * 1,024 file descriptors) once made the server stop answering everyone.
 *
 * - A new connection must start its first request within HEADERS_TIMEOUT_MS: an inactivity timer
 *   on the socket, cleared once the request (or a WebSocket upgrade) has arrived, so answers and
 *   open WebSockets are never cut by it. Later requests on the connection are Node's to time.
 * - CONNECTIONS_PER_ADDRESS open connections per address (net/addressKey.ts); one more is closed
 *   at once. The peer is the socket's: behind a proxy every connection comes from the proxy, so
 *   the proxies TRUST_PROXY names are not counted (limit clients at the proxy).
 * - MAX_CONNECTIONS is Node's server.maxConnections; refusals are logged here.
 */
import type { IncomingMessage, Server } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { addressKey } from '../net/addressKey.js';
import type { TrustedProxyCheck } from '../net/trustedProxies.js';
import type { ConnectionLimits } from './connectionLimits.js';

/** Refusals are logged at most this often, with how many there were, so a flood does not flood the log. */
const LOG_EVERY_MS = 60_000;

export interface ConnectionGuardOptions {
  /** headersTimeoutMs (the time a new connection has to start its first request), maxConnections, perAddress. */
  limits: Pick<ConnectionLimits, 'headersTimeoutMs' | 'maxConnections' | 'perAddress'>;
  ipv6PrefixLength: number;
  isTrustedProxy: TrustedProxyCheck;
  log: FastifyBaseLogger;
  now?: () => number;
}

export class ConnectionGuard {
  readonly #options: ConnectionGuardOptions;
  readonly #now: () => number;
  /** Open connections per address key; a key leaves with its last connection. */
  readonly #open = new Map<string, number>();
  #refused = 0;
  #lastLogAt = Number.NEGATIVE_INFINITY;

  constructor(options: ConnectionGuardOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** After @fastify/websocket is registered: it answers every upgrade, so listening to them changes nothing else. */
  attach(server: Server): void {
    server.maxConnections = this.#options.limits.maxConnections;
    server.on('connection', (socket: Socket) => this.#admit(socket));
    // Node's own listener, registered first, destroys a socket whose timer fires with no request on it.
    server.on('request', (request: IncomingMessage) => request.socket.setTimeout(0));
    // An upgrade's socket is any Duplex by type (app.injectWS sends a stream); only a TCP socket has the timer.
    server.on('upgrade', (_request: IncomingMessage, socket: Duplex) => {
      if (socket instanceof Socket) socket.setTimeout(0);
    });
    server.on('drop', () => this.#logRefusal('MAX_CONNECTIONS connections were open'));
  }

  #admit(socket: Socket): void {
    const { headersTimeoutMs, perAddress } = this.#options.limits;
    socket.setTimeout(headersTimeoutMs);
    if (perAddress === 0 || this.#options.isTrustedProxy(socket.remoteAddress)) return;
    const key = addressKey(socket.remoteAddress, this.#options.ipv6PrefixLength);
    const open = this.#open.get(key) ?? 0;
    if (open >= perAddress) {
      socket.destroy();
      this.#logRefusal(`CONNECTIONS_PER_ADDRESS (${perAddress}) were open from ${key}`);
      return;
    }
    this.#open.set(key, open + 1);
    socket.once('close', () => {
      const left = (this.#open.get(key) ?? 1) - 1;
      if (left > 0) this.#open.set(key, left);
      else this.#open.delete(key);
    });
  }

  #logRefusal(reason: string): void {
    this.#refused += 1;
    const now = this.#now();
    if (now - this.#lastLogAt < LOG_EVERY_MS) return;
    this.#options.log.warn({ refused: this.#refused }, `refused new connections (the latest because ${reason})`);
    this.#lastLogAt = now;
    this.#refused = 0;
  }
}

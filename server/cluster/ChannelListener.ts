/**
 * The one connection of an instance that LISTENs to the instances' channel (PostgresBus.ts). A
 * pooled connection cannot listen: LISTEN belongs to a session, and the pool hands sessions
 * around. This one is a client of its own that comes back by itself whenever it is lost
 * (PostgreSQL restarted, the network cut, the server ended it), retrying after a wait that
 * doubles up to RECONNECT_MAX_MS, and says so through `onReconnected`: whatever was notified
 * meanwhile is lost.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_FIRST_MS = 100;
/** A second at most: revocations must reach every instance within one (issue 12). */
const RECONNECT_MAX_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;

export interface ChannelListenerOptions {
  connectionString: string;
  channel: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  onNotification: (payload: string | undefined) => void;
  onReconnected: () => void;
}

export class ChannelListener {
  readonly #options: ChannelListenerOptions;
  #client: pg.Client | null = null;
  #closed = false;
  #delay = RECONNECT_FIRST_MS;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: ChannelListenerOptions) {
    this.#options = options;
  }

  get connected(): boolean {
    return this.#client !== null;
  }

  /** Connects and listens; rejects when this first attempt fails. */
  start(): Promise<void> {
    return this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client));
    client.on('notification', (notification) => {
      if (notification.channel === this.#options.channel) this.#options.onNotification(notification.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.#options.channel)}`);
    } catch (error) {
      discard(client);
      throw error;
    }
    if (this.#closed) {
      discard(client);
      return;
    }
    this.#client = client;
    this.#delay = RECONNECT_FIRST_MS;
  }

  #lost(client: pg.Client, error?: Error): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = null;
    discard(client);
    this.#options.log.warn(
      { err: error },
      'lost the PostgreSQL connection that listens to the other instances; reconnecting',
    );
    this.#retry();
  }

  #retry(): void {
    if (this.#closed || this.#timer) return;
    const delay = this.#delay;
    this.#delay = Math.min(RECONNECT_MAX_MS, delay * 2);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#connect().then(
        () => {
          if (!this.#client) return;
          this.#options.log.info('listening to the other instances again');
          this.#options.onReconnected();
        },
        () => this.#retry(),
      );
    }, delay);
    this.#timer.unref();
  }
}

/** Ends a client we no longer use; its late errors have nowhere to go and must not be unhandled. */
function discard(client: pg.Client): void {
  client.removeAllListeners();
  client.on('error', () => undefined);
  void client.end().catch(() => undefined);
}

/**
 * Messages between the server instances sharing one PostgreSQL, over LISTEN/NOTIFY (issue 12;
 * ARCHITECTURE.md: "real-time fan-out across instances goes through PostgreSQL LISTEN/NOTIFY").
 *
 * - One dedicated connection per instance listens (ChannelListener); it reconnects by itself
 *   (PostgreSQL restarted, the network cut) and then calls `onResync`, since whatever was sent
 *   meanwhile is lost.
 * - Sending goes through the pool, one statement at a time, so what one instance sends arrives in
 *   the order it was sent; messages that pile up during a statement go out together in the next
 *   one. Every envelope carries a sequence number: PostgreSQL would fold identical payloads sent
 *   in one transaction into one.
 * - A NOTIFY payload must stay under 8000 bytes. A larger message is stored in `cluster_messages`
 *   in the same transaction as the NOTIFY, which carries only its id; receivers read it, in order
 *   with the rest. Rows go after REFERENCE_TTL_MS (a receiver reads within milliseconds, one that
 *   was cut off has lost more than that message anyway).
 * - An instance hears its own notifications and drops them: it has delivered its messages
 *   locally already.
 * - The channel is named after the schema, so deployments sharing a database in different
 *   schemas (the PostgreSQL test suites do) do not hear each other.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { parseObject } from '../core/json.js';
import type { Clock } from '../core/types.js';
import type { Database } from '../db/schema.js';
import { ChannelListener } from './ChannelListener.js';

/** NOTIFY refuses payloads of 8000 bytes or more; the envelope's own fields fit in the margin. */
export const MAX_NOTIFY_BYTES = 7900;
export const REFERENCE_TTL_MS = 60_000;
const SWEEP_INTERVAL_MS = 30_000;

/** What travels in a NOTIFY payload: the sender, its sequence number, and the body or its stored id. */
type Envelope = { f: string; s: number; b: unknown } | { f: string; s: number; r: string };

export interface PostgresBusOptions {
  connectionString: string;
  db: Kysely<Database>;
  instanceId: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  clock?: Clock;
  /** A message of another instance, in the order that instance sent it. */
  onMessage: (body: unknown) => void;
  /** The listening connection came back after a loss: messages may have been missed. */
  onResync: () => void;
}

function parseEnvelope(payload: string | undefined): Envelope | null {
  const fields = payload === undefined ? null : parseObject(payload);
  if (!fields) return null;
  if (typeof fields.f !== 'string' || typeof fields.s !== 'number') return null;
  if (typeof fields.r === 'string') return { f: fields.f, s: fields.s, r: fields.r };
  return 'b' in fields ? { f: fields.f, s: fields.s, b: fields.b } : null;
}

/** The channel of this database schema's deployment. */
export async function busChannel(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return `switchboard_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

export class PostgresBus {
  readonly #options: PostgresBusOptions;
  readonly #clock: Clock;
  #channel = '';
  #listener: ChannelListener | null = null;
  #closed = false;
  #sweepTimer: NodeJS.Timeout | null = null;
  #seq = 0;
  #outbox: Envelope[] = [];
  #sending: Promise<void> | null = null;
  /** Receiving waits here only behind a message being read from the table. */
  #inbox: Promise<void> | null = null;
  #sendFailing = false;

  constructor(options: PostgresBusOptions) {
    this.#options = options;
    this.#clock = options.clock ?? Date.now;
  }

  get connected(): boolean {
    return this.#listener?.connected ?? false;
  }

  /** Listens; rejects when the first connection fails (start-up has just reached the database). */
  async start(): Promise<void> {
    this.#channel = await busChannel(this.#options.db);
    this.#listener = new ChannelListener({
      connectionString: this.#options.connectionString,
      channel: this.#channel,
      log: this.#options.log,
      onNotification: (payload) => this.#receive(payload),
      onReconnected: () => this.#options.onResync(),
    });
    await this.#listener.start();
    this.#sweepTimer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.#sweepTimer.unref();
  }

  /** Sends `body` (JSON) to every other instance; never throws, a failure is logged. */
  publish(body: unknown): void {
    if (this.#closed) return;
    this.#seq += 1;
    this.#outbox.push({ f: this.#options.instanceId, s: this.#seq, b: body });
    this.#sending ??= this.#drain();
  }

  /** Resolves once everything published so far has been handed to PostgreSQL (or failed). */
  async flushed(): Promise<void> {
    while (this.#sending) await this.#sending;
  }

  async close(): Promise<void> {
    await this.flushed();
    this.#closed = true;
    if (this.#sweepTimer) clearInterval(this.#sweepTimer);
    await this.#listener?.close();
  }

  #receive(payload: string | undefined): void {
    const envelope = parseEnvelope(payload);
    if (!envelope) {
      this.#options.log.warn("ignored a malformed message on the instances' channel");
      return;
    }
    if (envelope.f === this.#options.instanceId) return;
    if ('b' in envelope && !this.#inbox) {
      this.#deliver(envelope.b);
      return;
    }
    const previous = this.#inbox ?? Promise.resolve();
    const next: Promise<void> = previous
      .then(async () => this.#deliver('b' in envelope ? envelope.b : await this.#readStored(envelope.r)))
      .finally(() => {
        if (this.#inbox === next) this.#inbox = null;
      });
    this.#inbox = next;
  }

  async #readStored(id: string): Promise<unknown> {
    try {
      const row = await this.#options.db
        .selectFrom('cluster_messages')
        .select('body')
        .where('id', '=', id)
        .executeTakeFirst();
      if (row) return JSON.parse(row.body) as unknown;
      this.#options.log.warn({ id }, 'a stored message of another instance was gone before it was read');
    } catch (error) {
      this.#options.log.warn({ err: error, id }, 'could not read a stored message of another instance');
    }
    return undefined;
  }

  #deliver(body: unknown): void {
    if (body === undefined) return;
    try {
      this.#options.onMessage(body);
    } catch (error) {
      this.#options.log.error({ err: error }, 'handling a message of another instance failed');
    }
  }

  async #drain(): Promise<void> {
    try {
      while (this.#outbox.length > 0) {
        const batch = this.#outbox.splice(0);
        try {
          await this.#send(batch);
          if (this.#sendFailing) this.#options.log.info('sending to the other instances works again');
          this.#sendFailing = false;
        } catch (error) {
          // Logged once per outage; consoles catch up from the API when their socket reconnects.
          if (!this.#sendFailing)
            this.#options.log.warn({ err: error, lost: batch.length }, 'could not send to the other instances');
          this.#sendFailing = true;
        }
      }
    } finally {
      this.#sending = null;
    }
    if (this.#outbox.length > 0) this.#sending = this.#drain();
  }

  async #send(batch: Envelope[]): Promise<void> {
    const stored: Array<{ id: string; body: string; created_at: number }> = [];
    const payloads = batch.map((envelope) => {
      const payload = JSON.stringify(envelope);
      if (Buffer.byteLength(payload) <= MAX_NOTIFY_BYTES || !('b' in envelope)) return payload;
      const id = randomUUID();
      stored.push({ id, body: JSON.stringify(envelope.b), created_at: this.#clock() });
      return JSON.stringify({ f: envelope.f, s: envelope.s, r: id });
    });
    const notify = sql`select pg_notify(${this.#channel}, p) from unnest(${payloads}::text[]) as p`;
    if (stored.length === 0) {
      await notify.execute(this.#options.db);
      return;
    }
    await this.#options.db.transaction().execute(async (trx) => {
      await trx.insertInto('cluster_messages').values(stored).execute();
      await notify.execute(trx);
    });
  }

  /** Deletes stored messages older than REFERENCE_TTL_MS (every SWEEP_INTERVAL_MS on its own). */
  async sweep(): Promise<void> {
    try {
      await this.#options.db
        .deleteFrom('cluster_messages')
        .where('created_at', '<', this.#clock() - REFERENCE_TTL_MS)
        .execute();
    } catch (error) {
      // The next sweep tries again; rows only wait a little longer.
      this.#options.log.warn({ err: error }, "could not remove old stored messages of the instances' channel");
    }
  }
}

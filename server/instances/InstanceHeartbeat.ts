/**
 * This server's presence in the database (issue 12): a random id for the life of the process,
 * stored on every call it bridges, and a heartbeat row renewed every HEARTBEAT_INTERVAL_MS. Calls
 * do not survive their process, so the sessions of an instance whose heartbeat stopped are closed
 * by whichever instance notices: at start-up, and then on every beat. Several instances on one
 * PostgreSQL thereby leave each other's live calls alone.
 *
 * An instance cut off from the database cannot beat, and neither can its peers: after an outage
 * every heartbeat looks old. So a periodic sweep only runs once this instance has itself beaten
 * without a failure for INSTANCE_STALE_MS, which gives every live peer the time to beat again.
 * The start-up sweep cannot wait like that (calls must not start beside orphans of a crash); an
 * instance that starts within INSTANCE_STALE_MS after an outage may close a peer's live session
 * rows, though not its calls. Heartbeats compare the instances' clocks: keep them in sync (NTP).
 *
 * On SQLite there is one instance by definition (one process owns the file), so whatever is open
 * at start-up was left by a crash, however recent its heartbeat: `soleInstance` closes it all then.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/types.js';
import type { Database } from '../db/schema.js';
import { removeGoneInstances, removeInstance, saveHeartbeat } from '../db/serverInstances.js';
import { closeOrphanedSessions } from '../db/sessions.js';

export const HEARTBEAT_INTERVAL_MS = 10_000;
/** Three missed beats: the instance is gone. */
export const INSTANCE_STALE_MS = 30_000;

export interface InstanceHeartbeatOptions {
  db: Kysely<Database>;
  now?: Clock;
  intervalMs?: number;
  staleMs?: number;
  /** No peer can exist (SQLite): the start-up sweep closes every open session, not only stale ones. */
  soleInstance?: boolean;
}

export class InstanceHeartbeat {
  readonly id = randomUUID();
  readonly #db: Kysely<Database>;
  readonly #now: Clock;
  readonly #intervalMs: number;
  readonly #staleMs: number;
  readonly #soleInstance: boolean;
  #startedAt = 0;
  /** Since when every beat has worked; null while the database is not reachable. */
  #healthySince: number | null = null;
  #timer: NodeJS.Timeout | null = null;
  #beating: Promise<void> = Promise.resolve();

  constructor(options: InstanceHeartbeatOptions) {
    this.#db = options.db;
    this.#now = options.now ?? Date.now;
    this.#intervalMs = options.intervalMs ?? HEARTBEAT_INTERVAL_MS;
    this.#staleMs = options.staleMs ?? INSTANCE_STALE_MS;
    this.#soleInstance = options.soleInstance ?? false;
  }

  /** Registers this instance and closes the sessions of instances already gone; how many it closed. */
  async start(): Promise<number> {
    this.#startedAt = this.#now();
    await saveHeartbeat(this.#db, this.id, this.#startedAt, this.#startedAt);
    this.#healthySince = this.#startedAt;
    // Every instance's heartbeat, this one's own included (it has no call yet), is older than that.
    const staleBefore = this.#soleInstance ? Number.MAX_SAFE_INTEGER : this.#startedAt - this.#staleMs;
    return closeOrphanedSessions(this.#db, staleBefore);
  }

  /** Beats every interval from now on; failures and closed sessions go to `log`. */
  keepBeating(log: Pick<FastifyBaseLogger, 'info' | 'warn'>): void {
    this.#timer ??= setInterval(() => {
      // A beat still waiting for the database is not doubled.
      this.#beating = this.#beating.then(() => this.#beat(log));
    }, this.#intervalMs);
    this.#timer.unref();
  }

  /** Stops beating and removes this instance (its calls have ended by then). */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#beating;
    await removeInstance(this.#db, this.id);
  }

  async #beat(log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void> {
    const now = this.#now();
    try {
      await saveHeartbeat(this.#db, this.id, this.#startedAt, now);
      if (this.#healthySince === null) {
        this.#healthySince = now;
        log.info({ instanceId: this.id }, 'instance heartbeat works again');
      }
      if (now - this.#healthySince < this.#staleMs) return;
      const closed = await closeOrphanedSessions(this.#db, now - this.#staleMs);
      if (closed > 0) log.info({ closed }, 'closed call sessions of a server instance that is gone');
      await removeGoneInstances(this.#db, now - this.#staleMs);
    } catch (error) {
      // Logged once per outage; the next beat tries again.
      if (this.#healthySince !== null) log.warn({ err: error, instanceId: this.id }, 'instance heartbeat failed');
      this.#healthySince = null;
    }
  }
}

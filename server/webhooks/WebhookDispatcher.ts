/**
 * The webhook deliveries of one app instance (issue 22). Every `pollMs`, and at once when this
 * instance queues one, it claims due deliveries from the database (db/webhookClaims.ts) up to its
 * free slots, sends each (sendWebhook.ts) signed with the endpoint's secrets, and stores the try:
 * delivered on a 2xx, else due again after the next wait of the retry schedule, or failed once
 * the schedule is spent. Like the analysis runner (analysis/AnalysisRunner.ts) it survives
 * anything that happens to an instance: a stopping one hands its claims back, and one that died
 * holds them only until their lease passes; with several instances each delivery is sent by one.
 * An endpoint is turned off (on again in its dialog) when it answers 410 Gone, or when a delivery
 * spends its whole retry schedule (about a day) while no event queued since has reached it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/types.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  finishTry,
  releaseDelivery,
  type TryOutcome,
} from '../db/webhookClaims.js';
import { deliveredSince } from '../db/webhookDeliveries.js';
import { disableEndpoint, findEndpointById } from '../db/webhookEndpoints.js';
import { signingSecrets } from './endpointSecrets.js';
import { sendWebhook, type TryResult } from './sendWebhook.js';
import { signWebhook } from './signWebhook.js';
import type { WebhookConfig } from './webhookConfig.js';

export interface WebhookDispatcherDeps {
  db: Kysely<Database>;
  clock: Clock;
  secretBox: SecretBox;
  log: Pick<FastifyBaseLogger, 'error'>;
  webhooks: WebhookConfig;
  /** OUTBOUND_ALLOW: private targets the operator allows, as for tools and crawls. */
  outboundAllow: readonly string[];
}

/** The longest Retry-After honoured; a receiver cannot park a delivery for longer. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

export class WebhookDispatcher {
  readonly #deps: WebhookDispatcherDeps;
  readonly #running = new Map<string, Promise<void>>();
  readonly #stop = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #polling: Promise<number> | null = null;
  /** A poll asked for while one ran: run another when it ends, so nothing queued waits for the timer. */
  #again = false;
  /** The last claim filled every free slot: more may be due, so a finished try claims again at once. */
  #backlog = false;

  constructor(deps: WebhookDispatcherDeps) {
    this.#deps = deps;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.poll(), this.#deps.webhooks.pollMs);
    this.#timer.unref();
  }

  /** Claims and starts what is due now; resolves with how many it started. */
  poll(): Promise<number> {
    if (this.#stop.signal.aborted) return Promise.resolve(0);
    if (this.#polling) {
      this.#again = true;
      return this.#polling;
    }
    this.#polling = this.#claim()
      .catch((error: unknown) => {
        this.#deps.log.error({ err: error }, 'could not claim webhook deliveries');
        return 0;
      })
      .finally(() => {
        this.#polling = null;
        if (this.#again) {
          this.#again = false;
          void this.poll();
        }
      });
    return this.#polling;
  }

  /** Waits until no poll and no try of this instance is under way (tests, the bench). */
  async idle(): Promise<void> {
    while (this.#polling || this.#running.size > 0) {
      await this.#polling;
      await Promise.all(this.#running.values());
    }
  }

  /** Stops claiming, lets tries under way finish or hands them back, and waits for them. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stop.abort();
    await this.#polling;
    await Promise.all(this.#running.values());
  }

  async #claim(): Promise<number> {
    const { db, clock, webhooks } = this.#deps;
    const limit = webhooks.concurrency - this.#running.size;
    const claims = await claimDueDeliveries(db, { now: clock(), limit, leaseMs: webhooks.leaseMs });
    this.#backlog = claims.length > 0 && claims.length === limit;
    for (const claim of claims) {
      const done = this.#run(claim).finally(() => {
        this.#running.delete(claim.row.id);
        if (this.#backlog) void this.poll();
      });
      this.#running.set(claim.row.id, done);
    }
    return claims.length;
  }

  async #run(claim: ClaimedDelivery): Promise<void> {
    const { db, clock, log } = this.#deps;
    try {
      if (this.#stop.signal.aborted) return await releaseDelivery(db, claim, clock());
      const result = await this.#try(claim);
      const now = clock();
      const outcome = this.#outcome(claim, result, now);
      if (!(await finishTry(db, claim, outcome, now))) return;
      if (result && outcome.next.status === 'failed' && (await this.#givenUp(claim, result))) {
        await disableEndpoint(db, claim.row.endpoint_id, now);
      }
    } catch (error) {
      // A bug or a database failure: the delivery stays claimed and is tried again after its lease.
      log.error({ err: error, deliveryId: claim.row.id }, 'a webhook delivery failed unexpectedly');
    }
  }

  /**
   * Standard Webhooks: 410 Gone asks the sender to stop. And an endpoint that has taken nothing for
   * a whole retry schedule is most likely gone too: sending on would only pile up failures.
   */
  async #givenUp(claim: ClaimedDelivery, result: TryResult): Promise<boolean> {
    if (result.status === 410) return true;
    return !(await deliveredSince(this.#deps.db, claim.row.endpoint_id, claim.row.created_at));
  }

  async #try(claim: ClaimedDelivery): Promise<TryResult | null> {
    const { db, clock, secretBox, webhooks, outboundAllow } = this.#deps;
    const { row } = claim;
    const endpoint = await findEndpointById(db, row.endpoint_id);
    // Turned off while the delivery waited: it fails without a request; Resend once it is back on.
    if (endpoint?.enabled !== 1) return null;
    const now = clock();
    const headers = signWebhook(
      signingSecrets(secretBox, endpoint, now),
      row.event_id,
      Math.floor(now / 1000),
      row.payload,
    );
    return sendWebhook(endpoint.url, headers, row.payload, { timeoutMs: webhooks.timeoutMs, allow: outboundAllow });
  }

  #outcome(claim: ClaimedDelivery, result: TryResult | null, now: number): TryOutcome {
    if (!result) {
      const error = 'The endpoint is disabled';
      return { attemptedAt: now, durationMs: 0, status: null, error, response: null, next: { status: 'failed' } };
    }
    const { retryScheduleMs } = this.#deps.webhooks;
    const attempts = claim.row.attempts;
    const wait = retryScheduleMs[attempts - 1];
    const asked = Math.min(MAX_RETRY_AFTER_MS, (result.retryAfterSeconds ?? 0) * 1000);
    const next: TryOutcome['next'] = result.ok
      ? { status: 'delivered' }
      : wait === undefined || result.status === 410
        ? { status: 'failed' }
        : { status: 'pending', retryAt: now + Math.max(wait, asked) };
    return {
      attemptedAt: now - result.durationMs,
      durationMs: result.durationMs,
      status: result.status,
      error: result.error,
      response: result.response,
      next,
    };
  }
}

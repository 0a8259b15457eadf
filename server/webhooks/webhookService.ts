/**
 * The webhook use cases the routes call (issue 22), always for the effective user: another
 * user's endpoint or delivery answers 404 like a missing one.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { USER_QUOTAS } from '../../shared/limits.js';
import type {
  WebhookAttempt,
  WebhookDeliveriesAnswer,
  WebhookDelivery,
  WebhookDeliveryAnswer,
  WebhookEndpoint,
  WebhookSecretAnswer,
} from '../../shared/types/webhook.js';
import { WEBHOOK_LIMITS } from '../../shared/types/webhook.js';
import { foundOr404, notFound, quotaExceeded } from '../core/AppError.js';
import type { Clock } from '../core/types.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import {
  findDelivery,
  listAttempts,
  listDeliveries,
  requeueDelivery,
  type WebhookAttemptRecord,
  type WebhookDeliveryRecord,
} from '../db/webhookDeliveries.js';
import {
  countWebhookEndpoints,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  type WebhookEndpointRecord,
} from '../db/webhookEndpoints.js';
import { descriptionOf, eventsOf, toWebhookEndpoint } from './endpointFields.js';
import { newSigningSecret, openSecret, overlapEnd, sealSecret } from './endpointSecrets.js';
import { checkEndpointUrl } from './endpointUrl.js';
import type { WebhookEvents } from './WebhookEvents.js';

/** A create or update body as the route checked its shape; eventsOf checks the event names. */
export interface EndpointInput {
  url: string;
  description?: string;
  events: string[];
  enabled?: boolean;
}

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const DELIVERY_NOT_FOUND = 'Webhook delivery not found';

export interface WebhookServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  secretBox: SecretBox;
  events: Pick<WebhookEvents, 'sendTest'>;
  wake: () => void;
  outboundAllow: readonly string[];
  rotationOverlapMs: number;
}

export class WebhookService {
  readonly #deps: WebhookServiceDeps;

  constructor(deps: WebhookServiceDeps) {
    this.#deps = deps;
  }

  async list(userId: string): Promise<WebhookEndpoint[]> {
    const now = this.#deps.clock();
    return (await listWebhookEndpoints(this.#deps.db, userId)).map((row) => toWebhookEndpoint(row, now));
  }

  async get(userId: string, id: string): Promise<WebhookEndpoint> {
    return toWebhookEndpoint(await this.#own(userId, id), this.#deps.clock());
  }

  async create(userId: string, body: EndpointInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const { db, clock, secretBox, outboundAllow } = this.#deps;
    const url = await checkEndpointUrl(body.url, outboundAllow);
    const events = eventsOf(body.events);
    const description = descriptionOf(body.description ?? '');
    if ((await countWebhookEndpoints(db, userId)) >= USER_QUOTAS.webhookEndpoints)
      throw quotaExceeded('webhookEndpoints', 'webhook endpoints per user');
    const id = randomUUID();
    const secret = newSigningSecret();
    const now = clock();
    const row: WebhookEndpointRecord = {
      id,
      user_id: userId,
      url,
      description,
      events: JSON.stringify(events),
      enabled: body.enabled === false ? 0 : 1,
      secret: sealSecret(secretBox, id, 'secret', secret),
      previous_secret: null,
      previous_secret_expires_at: null,
      created_at: now,
      updated_at: now,
    };
    await insertWebhookEndpoint(db, row);
    return { endpoint: toWebhookEndpoint(row, now), secret };
  }

  async update(userId: string, id: string, body: Partial<EndpointInput>): Promise<WebhookEndpoint> {
    const { db, clock, outboundAllow } = this.#deps;
    await this.#own(userId, id);
    const now = clock();
    const changes: Parameters<typeof updateWebhookEndpoint>[3] = { updated_at: now };
    if (body.url !== undefined) changes.url = await checkEndpointUrl(body.url, outboundAllow);
    if (body.events !== undefined) changes.events = JSON.stringify(eventsOf(body.events));
    if (body.description !== undefined) changes.description = descriptionOf(body.description);
    if (body.enabled !== undefined) changes.enabled = body.enabled ? 1 : 0;
    const row = foundOr404(await updateWebhookEndpoint(db, userId, id, changes), ENDPOINT_NOT_FOUND);
    return toWebhookEndpoint(row, now);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteWebhookEndpoint(this.#deps.db, userId, id))) throw notFound(ENDPOINT_NOT_FOUND);
  }

  async secret(userId: string, id: string): Promise<WebhookSecretAnswer> {
    const row = await this.#own(userId, id);
    return {
      success: true,
      secret: openSecret(this.#deps.secretBox, id, 'secret', row.secret),
      previousSecretExpiresAt: overlapEnd(row, this.#deps.clock()),
    };
  }

  /** A new secret; the old one keeps signing beside it for the overlap, so receivers can switch without a gap. */
  async rotate(userId: string, id: string): Promise<WebhookSecretAnswer> {
    const { db, clock, secretBox, rotationOverlapMs } = this.#deps;
    const row = await this.#own(userId, id);
    const now = clock();
    const current = openSecret(secretBox, id, 'secret', row.secret);
    const secret = newSigningSecret();
    const expiresAt = now + rotationOverlapMs;
    await updateWebhookEndpoint(db, userId, id, {
      secret: sealSecret(secretBox, id, 'secret', secret),
      previous_secret: sealSecret(secretBox, id, 'previous_secret', current),
      previous_secret_expires_at: expiresAt,
      updated_at: now,
    });
    return { success: true, secret, previousSecretExpiresAt: expiresAt };
  }

  async sendTest(userId: string, id: string): Promise<string> {
    await this.#own(userId, id);
    return this.#deps.events.sendTest(userId, id);
  }

  async deliveries(userId: string, id: string, page: number): Promise<WebhookDeliveriesAnswer> {
    await this.#own(userId, id);
    const pageSize = WEBHOOK_LIMITS.pageSize;
    const { rows, total } = await listDeliveries(this.#deps.db, id, { limit: pageSize, offset: (page - 1) * pageSize });
    return { success: true, deliveries: rows.map(toDelivery), total, page, pageSize };
  }

  async delivery(userId: string, id: string): Promise<WebhookDeliveryAnswer> {
    const row = foundOr404(await findDelivery(this.#deps.db, userId, id), DELIVERY_NOT_FOUND);
    return this.#opened(row);
  }

  /** Resend: the same event (same webhook-id and body) due again now, from the start of the schedule. */
  async resend(userId: string, id: string): Promise<WebhookDeliveryAnswer> {
    const { db, clock, wake } = this.#deps;
    const row = foundOr404(await findDelivery(db, userId, id), DELIVERY_NOT_FOUND);
    const queued = await requeueDelivery(db, userId, id, clock());
    if (queued) wake();
    return this.#opened(queued ?? row);
  }

  async #opened(row: WebhookDeliveryRecord): Promise<WebhookDeliveryAnswer> {
    const attempts = await listAttempts(this.#deps.db, row.id);
    return {
      success: true,
      delivery: { ...toDelivery(row), payload: row.payload, attemptLog: attempts.map(toAttempt) },
    };
  }

  async #own(userId: string, id: string): Promise<WebhookEndpointRecord> {
    return foundOr404(await findWebhookEndpoint(this.#deps.db, userId, id), ENDPOINT_NOT_FOUND);
  }
}

function toDelivery(row: WebhookDeliveryRecord): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.status === 'pending' ? Number(row.next_attempt_at) : null,
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastError: row.last_error,
    lastResponse: row.last_response,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toAttempt(row: WebhookAttemptRecord): WebhookAttempt {
  return {
    id: row.id,
    attemptedAt: Number(row.attempted_at),
    durationMs: Number(row.duration_ms),
    status: row.status === null ? null : Number(row.status),
    error: row.error,
    response: row.response,
  };
}

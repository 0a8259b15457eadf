/**
 * Webhook deliveries and their tries (migration 023): queueing an event for endpoints (once per
 * endpoint and event_key, whoever emits it), the delivery log, one delivery opened, Resend. The
 * dispatcher's claims are in webhookClaims.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, WebhookAttemptsTable, WebhookDeliveriesTable } from './schema.js';

export type WebhookDeliveryRecord = WebhookDeliveriesTable;
export type WebhookAttemptRecord = WebhookAttemptsTable;

export interface QueuedEvent {
  userId: string;
  eventId: string;
  eventType: string;
  eventKey: string;
  payload: string;
}

/** Queues the event for each endpoint, due now; an endpoint that has it already keeps its one. Returns the new rows' ids. */
export async function queueDeliveries(
  db: Kysely<Database>,
  event: QueuedEvent,
  endpointIds: readonly string[],
  now: number,
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const rows = endpointIds.map((endpointId) => ({
    id: randomUUID(),
    endpoint_id: endpointId,
    user_id: event.userId,
    event_id: event.eventId,
    event_type: event.eventType,
    event_key: event.eventKey,
    payload: event.payload,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  }));
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_key']).doNothing())
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/** Whether the endpoints already have events with these keys (a quiet chat is announced once). */
export async function knownEventKeys(
  db: Kysely<Database>,
  endpointIds: readonly string[],
  eventKeys: readonly string[],
): Promise<Set<string>> {
  if (endpointIds.length === 0 || eventKeys.length === 0) return new Set();
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id', 'event_key'])
    .where('endpoint_id', 'in', endpointIds)
    .where('event_key', 'in', eventKeys)
    .execute();
  return new Set(rows.map((row) => `${row.endpoint_id} ${row.event_key}`));
}

/** One page of an endpoint's log, newest first, with the total. */
export async function listDeliveries(
  db: Kysely<Database>,
  endpointId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: WebhookDeliveryRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findDelivery(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<WebhookDeliveryRecord | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function listAttempts(db: Kysely<Database>, deliveryId: string): Promise<WebhookAttemptRecord[]> {
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
}

/**
 * Resend: the delivery is due again now, from the start of the schedule, with the same
 * `webhook-id` and body. A delivery being sent right now is left to finish (undefined).
 */
export async function requeueDelivery(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: number,
): Promise<WebhookDeliveryRecord | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      claim_token: null,
      updated_at: now,
      finished_at: null,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '!=', 'sending')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Whether any event queued for the endpoint at or after `since` has reached it (the log's index
 * by endpoint and creation bounds the read).
 */
export async function deliveredSince(db: Kysely<Database>, endpointId: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('created_at', '>=', since)
    .where('status', '=', 'delivered')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

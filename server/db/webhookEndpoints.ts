/**
 * Webhook endpoints (migration 023), always read and written with their owner's id: another
 * user's endpoint reads as a missing one. Secrets stay sealed here (webhooks/endpointSecrets.ts).
 */
import type { Kysely } from 'kysely';
import type { Database, WebhookEndpointsTable } from './schema.js';

export type WebhookEndpointRecord = WebhookEndpointsTable;

export async function insertWebhookEndpoint(db: Kysely<Database>, row: WebhookEndpointRecord): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function listWebhookEndpoints(db: Kysely<Database>, userId: string): Promise<WebhookEndpointRecord[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countWebhookEndpoints(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findWebhookEndpoint(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<WebhookEndpointRecord | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Any owner's endpoint: the dispatcher works for every user. */
export async function findEndpointById(db: Kysely<Database>, id: string): Promise<WebhookEndpointRecord | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateWebhookEndpoint(
  db: Kysely<Database>,
  userId: string,
  id: string,
  changes: Partial<Omit<WebhookEndpointRecord, 'id' | 'user_id' | 'created_at'>>,
): Promise<WebhookEndpointRecord | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWebhookEndpoint(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The owner's enabled endpoints that take `eventType`. Event lists are JSON text; a LIKE on the
 * quoted name is exact because event names never contain quotes, and it reads the same on both
 * databases.
 */
export async function subscribedEndpoints(
  db: Kysely<Database>,
  userId: string,
  eventType: string,
): Promise<Pick<WebhookEndpointRecord, 'id' | 'created_at'>[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('enabled', '=', 1)
    .where('events', 'like', `%"${eventType}"%`)
    .execute();
}

/** Turns an endpoint off whoever owns it (its receiver answered 410 Gone). */
export async function disableEndpoint(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ enabled: 0, updated_at: now }).where('id', '=', id).execute();
}

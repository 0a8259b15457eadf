/**
 * Outbound webhooks (issue 22): a user's endpoints, and what is sent to them.
 *
 * `webhook_endpoints`: the URL, the events it takes (JSON text array), on/off, and its signing
 * secret sealed with SecretBox. While a rotation's overlap lasts, the secret it replaced is kept
 * (sealed too) with when it stops being used, so deliveries carry both signatures.
 *
 * Deliveries are one row per (event, endpoint) in `webhook_deliveries` plus one row per try in
 * `webhook_attempts`, rather than a row per try: the delivery row is the queue item the dispatcher
 * claims (one lease, one schedule, one status, like analysis_jobs), and the delivery log pages
 * over it per endpoint; attempts are history only, read when one delivery is opened. `event_key`
 * names what the event is about (e.g. `call.ended:<stream sid>`) and is unique per endpoint, so an
 * event emitted twice (two instances sweeping the same quiet chat) is stored once. `event_id` is
 * the `webhook-id` (`msg_…`), one per event and the same on every try and every endpoint.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_user_idx').on('webhook_endpoints').column('user_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('endpoint_id', 'text', (col) => col.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('event_key', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    // 'pending' | 'sending' | 'delivered' | 'failed'
    .addColumn('status', 'text', (col) => col.notNull())
    // Tries since the delivery was (re)queued: its place in the retry schedule.
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('claim_token', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_response', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('webhook_deliveries_event_key', ['endpoint_id', 'event_key'])
    .execute();
  // The dispatcher's question (what is due, or leased by an instance that died) and the log's pages.
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_lease_idx')
    .on('webhook_deliveries')
    .columns(['status', 'lease_until'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_log_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_user_idx').on('webhook_deliveries').column('user_id').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('delivery_id', 'text', (col) => col.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', 'bigint', (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('error', 'text')
    .addColumn('response', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['delivery_id', 'attempted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}

/**
 * Call sessions, their messages and the one-time Media Stream tokens (issue 10).
 *
 * Ended sessions are paged by `ended_seq`, a per-owner counter given to a session when it ends
 * (end times are kept non-decreasing along it, see db/sessions.ts): page k of n is an index seek
 * on (user_id, ended_seq) whatever k is, and the total is that index's largest value, so the
 * Sessions page stays fast at a million rows. Sessions are never deleted one by one (only with
 * their owner), so the counter has no holes.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_sessions')
    .addColumn('stream_sid', 'text', (col) => col.primaryKey())
    .addColumn('call_sid', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // No foreign key: a call's history outlives its agent.
    .addColumn('agent_id', 'text', (col) => col.notNull())
    .addColumn('agent_name', 'text', (col) => col.notNull())
    .addColumn('from_number', 'text', (col) => col.notNull())
    .addColumn('to_number', 'text', (col) => col.notNull())
    .addColumn('call_type', 'text', (col) => col.notNull())
    .addColumn('start_time', 'bigint', (col) => col.notNull())
    .addColumn('end_time', 'bigint')
    .addColumn('duration', 'integer')
    .addColumn('ended_seq', 'bigint')
    .execute();
  // Ended pages and totals seek here; active sessions are the NULL entries of the same index.
  await db.schema
    .createIndex('call_sessions_user_ended_uq')
    .unique()
    .on('call_sessions')
    .columns(['user_id', 'ended_seq'])
    .execute();

  await db.schema
    .createTable('call_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('stream_sid', 'text', (col) => col.notNull().references('call_sessions.stream_sid').onDelete('cascade'))
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('timestamp', 'bigint', (col) => col.notNull())
    .addColumn('function_output', 'text')
    .addColumn('function_args', 'text')
    .addColumn('function_id', 'text')
    .execute();
  await db.schema
    .createIndex('call_messages_stream_idx')
    .on('call_messages')
    .columns(['stream_sid', 'timestamp', 'seq'])
    .execute();

  await db.schema
    .createTable('stream_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('agent_id', 'text', (col) => col.notNull())
    // Null until Twilio has answered the REST call that creates an outbound call.
    .addColumn('call_sid', 'text')
    .addColumn('call_type', 'text', (col) => col.notNull())
    .addColumn('from_number', 'text', (col) => col.notNull())
    .addColumn('to_number', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('stream_tokens_expires_idx').on('stream_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stream_tokens').execute();
  await db.schema.dropTable('call_messages').execute();
  await db.schema.dropTable('call_sessions').execute();
}

/**
 * Which server instance bridges each call (issue 12), so one instance starting up on a shared
 * PostgreSQL closes only the sessions of instances that are gone, not its peers' live calls.
 *
 * `server_instances` holds one row per running server, its `last_seen_at` renewed every few
 * seconds (server/instances/InstanceHeartbeat.ts); `call_sessions.instance_id` names the instance
 * that started the call. Rows from before this migration have none and count as gone. The partial
 * index holds only open sessions, so the periodic look for orphans costs what is open, not the
 * whole history.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_instances')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('call_sessions').addColumn('instance_id', 'text').execute();
  await db.schema
    .createIndex('call_sessions_open_instance_idx')
    .on('call_sessions')
    .column('instance_id')
    .where(sql.ref('ended_seq'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('call_sessions_open_instance_idx').execute();
  await db.schema.alterTable('call_sessions').dropColumn('instance_id').execute();
  await db.schema.dropTable('server_instances').execute();
}

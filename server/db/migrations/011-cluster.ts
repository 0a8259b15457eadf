/**
 * What several instances on one PostgreSQL share beyond the data itself (issue 12):
 *
 * - `cluster_messages`: bus messages too large for a NOTIFY payload (8000 bytes), stored here and
 *   sent by id (server/cluster/PostgresBus.ts); rows are deleted a minute after they are written.
 * - `login_failures` and `login_known_addresses`: the failed-sign-in throttle's counts
 *   (server/auth/PostgresLoginThrottle.ts), so guesses sent to different instances add up.
 * - an index on `refresh_tokens.revoked_at`: every instance reads the sessions revoked in the
 *   last seconds each second (server/cluster/ClusterLink.ts), which must not scan every token.
 *
 * The tables are created on SQLite too, where nothing writes them: one schema for both databases.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cluster_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cluster_messages_created_idx').on('cluster_messages').column('created_at').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key_idx').on('login_failures').columns(['scope', 'key', 'at']).execute();
  await db.schema.createIndex('login_failures_at_idx').on('login_failures').column('at').execute();
  await db.schema
    .createTable('login_known_addresses')
    .addColumn('pair', 'text', (col) => col.primaryKey())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_revoked_idx').on('refresh_tokens').column('revoked_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_revoked_idx').execute();
  await db.schema.dropTable('login_known_addresses').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('cluster_messages').execute();
}

/**
 * API keys (issue 22): a user's named keys for driving Switchboard from their own code with
 * `Authorization: Bearer sb_…`. Only the key's SHA-256 (hex) is kept, never the key: a key is 32
 * random bytes, so unlike a password it cannot be guessed from its hash and needs no slow hash
 * (server/auth/apiKeyFormat.ts). `prefix` is the key's first characters, shown in the list so its
 * owner can tell keys apart. Rows go with their owner.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    // 'read' | 'full'
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('key_hash', 'text', (column) => column.notNull().unique())
    .addColumn('prefix', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}

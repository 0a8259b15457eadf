/**
 * Lead capture (issue 25): a bot's contact form settings, and the leads visitors send through it.
 *
 * `webchats.lead_capture` is the form as JSON (shared/leadCapture.ts LeadCapture); '{}' reads as
 * off, so existing bots keep working as before. A lead row keeps the answers with the labels the
 * form showed (JSON), its bot, the bot's owner (every read is scoped by it) and the conversation
 * it was sent in. One lead per conversation: the form is not asked twice. Leads outlive the
 * conversation's messages (a chat's retention is for the chat, not for the contact the owner
 * asked for); deleting the bot or its owner deletes them.
 *
 * Indexes: a bot's leads newest first (webchat_id, created_at); the one-per-conversation rule
 * (conversation_id, unique); deleting a user finds theirs by (user_id).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webchats')
    .addColumn('lead_capture', 'text', (col) => col.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema
    .createTable('webchat_leads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('webchat_id', 'text', (col) => col.notNull().references('webchats.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (col) => col.notNull())
    .addColumn('fields', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webchat_leads_webchat_created_idx')
    .on('webchat_leads')
    .columns(['webchat_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webchat_leads_conversation_idx')
    .on('webchat_leads')
    .column('conversation_id')
    .unique()
    .execute();
  await db.schema.createIndex('webchat_leads_user_idx').on('webchat_leads').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webchat_leads').execute();
  await db.schema.alterTable('webchats').dropColumn('lead_capture').execute();
}

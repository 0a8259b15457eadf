/**
 * Test chats (issue 20): an operator chats with their own bot from its page, with the page's
 * unsaved settings. Those conversations are kept like a visitor's (Conversations, history) but
 * marked, so the Conversations tab can say so and the bot's active counts leave them out.
 * Every conversation so far was a visitor's: 0.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chat_conversations')
    .addColumn('test', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_conversations').dropColumn('test').execute();
}

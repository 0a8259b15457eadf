/**
 * Chat take-over and "Talk to a person" (issue 23): who holds a conversation now (the operator's
 * user id and display name, null while the bot answers) and since when a visitor asked for a
 * person (null when nobody asked, or once someone took over); an operator's message is kept as
 * the bot side's message (role 'assistant', so the bot reads it as said after hand-back) with
 * the operator's name; a bot offers "Talk to a person" only when its owner turns it on.
 * Existing conversations are held by nobody and bots don't offer it: every column defaults so.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_conversations').addColumn('operator_id', 'text').execute();
  await db.schema.alterTable('chat_conversations').addColumn('operator_name', 'text').execute();
  await db.schema.alterTable('chat_conversations').addColumn('waiting_since', 'bigint').execute();
  await db.schema.alterTable('chat_messages').addColumn('operator_name', 'text').execute();
  await db.schema
    .alterTable('webchats')
    .addColumn('talk_to_person', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webchats').dropColumn('talk_to_person').execute();
  await db.schema.alterTable('chat_messages').dropColumn('operator_name').execute();
  await db.schema.alterTable('chat_conversations').dropColumn('waiting_since').execute();
  await db.schema.alterTable('chat_conversations').dropColumn('operator_name').execute();
  await db.schema.alterTable('chat_conversations').dropColumn('operator_id').execute();
}

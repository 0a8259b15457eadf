/**
 * Live chat conversations between website visitors and bots (issue 9), and their messages.
 *
 * A conversation row is created when a visitor's first message arrives and keeps its timestamps
 * and counts for as long as it is kept; message rows hold the texts (the visitor's questions, the
 * bot's answers, and the tool calls in between with their arguments and output). One answered
 * turn is written in one transaction; `last_seq` hands out the turn's `seq` numbers.
 *
 * Expiry is stored, not computed at sweep time (server/chat/ConversationSweeper.ts): a message
 * expires `short_term_messages_retention_period` after it was written, a conversation once it has
 * had no activity for longer than both that retention and the active window (plus a grace, see
 * chatExpiry.ts). The sweep is then an index range delete that costs what it deletes, however
 * many bots there are; a change of a bot's retention rewrites its expiry times (db/chatSweep.ts).
 *
 * Indexes: a bot's conversations newest first (by start or by last activity) and its active
 * count read (webchat_id, started_at) / (webchat_id, last_message_at); the sweep reads
 * (expires_at) and (last_message_at) to find conversations that just went inactive; deleting a
 * user finds theirs by (user_id).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('webchat_id', 'text', (col) => col.notNull().references('webchats.id').onDelete('cascade'))
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('last_message_at', 'bigint', (col) => col.notNull())
    .addColumn('message_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('first_question', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_seq', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('chat_conversations_webchat_started_idx')
    .on('chat_conversations')
    .columns(['webchat_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_webchat_last_idx')
    .on('chat_conversations')
    .columns(['webchat_id', 'last_message_at'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_last_idx')
    .on('chat_conversations')
    .column('last_message_at')
    .execute();
  await db.schema.createIndex('chat_conversations_expires_idx').on('chat_conversations').column('expires_at').execute();
  await db.schema.createIndex('chat_conversations_user_idx').on('chat_conversations').column('user_id').execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('conversation_id', 'text', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('tool_name', 'text')
    .addColumn('tool_args', 'text')
    .addColumn('tool_output', 'text')
    .addColumn('is_error', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('chat_messages_role_check', sql`role in ('user', 'assistant', 'tool')`)
    .execute();
  await db.schema
    .createIndex('chat_messages_conversation_seq_uq')
    .unique()
    .on('chat_messages')
    .columns(['conversation_id', 'seq'])
    .execute();
  await db.schema.createIndex('chat_messages_expires_idx').on('chat_messages').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_conversations').execute();
}

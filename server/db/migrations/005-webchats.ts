/**
 * Web chat bots (spec part 2 §3), their tools and their demo links. A bot goes with its owner, its
 * tool links with the bot or the tool (as agent_tools), its demos with the bot. The appearance is
 * JSON text (one object the console edits whole); `enabled` is 0/1 and temperature `double
 * precision`, as in migration 003, so SQLite and PostgreSQL read back the same values.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webchats')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('system_prompt', 'text', (col) => col.notNull())
    .addColumn('welcome_message', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('temperature', 'double precision', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('tool_recursion_depth', 'integer', (col) => col.notNull())
    .addColumn('short_term_messages_retention_period', 'integer', (col) => col.notNull())
    .addColumn('appearance', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webchats_user_created_idx').on('webchats').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('webchat_tools')
    .addColumn('webchat_id', 'text', (col) => col.notNull().references('webchats.id').onDelete('cascade'))
    .addColumn('tool_id', 'text', (col) => col.notNull().references('tools.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('webchat_tools_pk', ['webchat_id', 'tool_id'])
    .execute();
  // Deleting a tool finds its links here (the cascade) without scanning the table.
  await db.schema.createIndex('webchat_tools_tool_idx').on('webchat_tools').column('tool_id').execute();

  await db.schema
    .createTable('webchat_demos')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('webchat_id', 'text', (col) => col.notNull().references('webchats.id').onDelete('cascade'))
    .addColumn('link', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webchat_demos_webchat_idx')
    .on('webchat_demos')
    .columns(['webchat_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webchat_demos').execute();
  await db.schema.dropTable('webchat_tools').execute();
  await db.schema.dropTable('webchats').execute();
}

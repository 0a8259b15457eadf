/**
 * Voice agents and the tools attached to them (spec part 1 §3). Booleans are integers 0/1 and
 * fractional settings are `double precision` so SQLite and PostgreSQL store and read back the
 * same values (PostgreSQL's `real` would read 0.8 back as 0.800000011920929).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('instructions', 'text', (col) => col.notNull())
    .addColumn('system_message', 'text', (col) => col.notNull())
    .addColumn('voice', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('speak_first', 'integer', (col) => col.notNull())
    .addColumn('transcription', 'integer', (col) => col.notNull())
    .addColumn('transcription_model', 'text', (col) => col.notNull())
    .addColumn('transcription_language', 'text', (col) => col.notNull())
    .addColumn('transcription_prompt', 'text', (col) => col.notNull())
    .addColumn('noise_reduction', 'text', (col) => col.notNull())
    .addColumn('input_audio_format', 'text', (col) => col.notNull())
    .addColumn('output_audio_format', 'text', (col) => col.notNull())
    .addColumn('temperature', 'double precision', (col) => col.notNull())
    .addColumn('response_output_tokens_limit', 'integer', (col) => col.notNull())
    .addColumn('max_response_output_tokens', 'integer', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('turn_detection_type', 'text', (col) => col.notNull())
    .addColumn('prefix_padding_ms', 'integer', (col) => col.notNull())
    .addColumn('silence_duration_ms', 'integer', (col) => col.notNull())
    .addColumn('threshold', 'double precision', (col) => col.notNull())
    .addColumn('eagerness', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('agents_user_created_idx').on('agents').columns(['user_id', 'created_at']).execute();
  // One holder per number per user. NULLs are distinct in unique indexes on both databases, so
  // any number of agents may have no number.
  await db.schema
    .createIndex('agents_user_phone_uq')
    .unique()
    .on('agents')
    .columns(['user_id', 'phone_number'])
    .execute();

  await db.schema
    .createTable('agent_tools')
    .addColumn('agent_id', 'text', (col) => col.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('tool_id', 'text', (col) => col.notNull().references('tools.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('agent_tools_pk', ['agent_id', 'tool_id'])
    .execute();
  // Deleting a tool looks up its rows here (the cascade) without scanning the table.
  await db.schema.createIndex('agent_tools_tool_idx').on('agent_tools').column('tool_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agent_tools').execute();
  await db.schema.dropTable('agents').execute();
}

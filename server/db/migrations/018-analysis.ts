/**
 * Post-call analysis (issue 21 part C).
 *
 * `analysis_settings`: one row per agent or bot that has set analysis up (none: off, which every
 * existing agent and bot is): on/off, an optional summary prompt, success criteria and the JSON
 * Schema of data to extract ('' = none). A table beside agents and webchats rather than columns on
 * them, so their row types and forms stay as they are; the row goes with its agent or bot.
 * `enabled_since` is when analysis was last turned on, so turning it on analyses conversations
 * that end from then on, never the whole backlog.
 *
 * `analysis_jobs` is the job queue and the results in one row per call or chat (server/analysis/
 * AnalysisRunner.ts): `stream_sid` or `conversation_id` is set, each unique (one job per
 * conversation, idempotent enqueue) and deleted with its call or chat by the foreign key, so
 * retention and deletion of history take the analysis along. A claimed job holds a lease: when
 * its instance dies, another picks it up once `lease_until` has passed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analysis_settings')
    .addColumn('source_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('agent_id', 'text', (col) => col.references('agents.id').onDelete('cascade'))
    .addColumn('webchat_id', 'text', (col) => col.references('webchats.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('summary_prompt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('success_criteria', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('data_schema', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('enabled_since', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  // Foreign-key lookups when an agent or bot is deleted.
  await db.schema.createIndex('analysis_settings_agent_idx').on('analysis_settings').column('agent_id').execute();
  await db.schema.createIndex('analysis_settings_webchat_idx').on('analysis_settings').column('webchat_id').execute();
  await db.schema
    .createTable('analysis_jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('stream_sid', 'text', (col) => col.unique().references('call_sessions.stream_sid').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (col) => col.unique().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (col) => col.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('claim_token', 'text')
    .addColumn('error', 'text')
    .addColumn('summary', 'text')
    .addColumn('success', 'text')
    .addColumn('success_reason', 'text')
    .addColumn('data', 'text')
    .addColumn('model', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // The runner's two questions: what is due (pending by time, or running past its lease), and how
  // many of one owner's jobs run now.
  await db.schema.createIndex('analysis_jobs_due_idx').on('analysis_jobs').columns(['status', 'run_after']).execute();
  await db.schema
    .createIndex('analysis_jobs_lease_idx')
    .on('analysis_jobs')
    .columns(['status', 'lease_until'])
    .execute();
  await db.schema.createIndex('analysis_jobs_user_idx').on('analysis_jobs').columns(['user_id', 'status']).execute();
  // History's success filter joins by conversation.
  await db.schema
    .createIndex('analysis_jobs_user_success_idx')
    .on('analysis_jobs')
    .columns(['user_id', 'success'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analysis_jobs').execute();
  await db.schema.dropTable('analysis_settings').execute();
}

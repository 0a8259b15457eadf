/**
 * Call recordings (issue 21): a per-agent switch, off by default (recording laws differ by place;
 * the operator turns it on knowingly), and a row per call made after this migration saying what
 * became of its recording. Transcript lines learn where they start on the recording's timeline.
 *
 * `call_recordings` has no foreign key to its session on purpose: when a session goes (Keep
 * history, the owner's deletion with their account), its row stays behind as the note that the
 * stored audio must be deleted; the recording sweep (server/recordings/RecordingSweep.ts) deletes
 * the audio, then the row. Calls from before this migration have no row: they say nothing.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('agents')
    .addColumn('record_calls', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('call_messages').addColumn('audio_start_ms', 'integer').execute();
  await db.schema
    .createTable('call_recordings')
    .addColumn('stream_sid', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull())
    // 'off' | 'recording' | 'ready' | 'failed'
    .addColumn('status', 'text', (column) => column.notNull())
    // Where the audio is kept (a path under DATA_DIR/recordings or an object key); null when off.
    .addColumn('storage_key', 'text')
    // Which store holds it: 'folder' | 's3'; a deployment moving to a bucket still finds old ones.
    .addColumn('store', 'text')
    .addColumn('duration_ms', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('error', 'text')
    // The instance writing it: a recording left 'recording' by a dead instance is finished by the sweep.
    .addColumn('instance_id', 'text')
    .addColumn('started_at', 'bigint', (column) => column.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('call_recordings_status').on('call_recordings').columns(['status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('call_recordings').execute();
  await db.schema.alterTable('call_messages').dropColumn('audio_start_ms').execute();
  await db.schema.alterTable('agents').dropColumn('record_calls').execute();
}

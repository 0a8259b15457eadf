/** Call recordings' rows (migration 019): what became of each call's recording, and what is left to delete. */
import type { Kysely } from 'kysely';
import type { CallRecording } from '../../shared/types/session.js';
import type { CallRecordingsTable, Database } from './schema.js';

export type RecordingRecord = CallRecordingsTable;

export async function insertRecording(db: Kysely<Database>, row: RecordingRecord): Promise<void> {
  await db.insertInto('call_recordings').values(row).execute();
}

export async function updateRecording(
  db: Kysely<Database>,
  streamSid: string,
  changes: Partial<Pick<RecordingRecord, 'status' | 'duration_ms' | 'bytes' | 'error' | 'finished_at'>>,
): Promise<void> {
  await db.updateTable('call_recordings').set(changes).where('stream_sid', '=', streamSid).execute();
}

/** The recording of one of the user's calls, if it has a row. */
export async function findRecording(
  db: Kysely<Database>,
  userId: string,
  streamSid: string,
): Promise<RecordingRecord | null> {
  const row = await db
    .selectFrom('call_recordings')
    .selectAll()
    .where('stream_sid', '=', streamSid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Whose the call's recording is (a link names the call, not its owner); null when there is none. */
export async function recordingOwner(db: Kysely<Database>, streamSid: string): Promise<string | null> {
  const row = await db
    .selectFrom('call_recordings')
    .select('user_id')
    .where('stream_sid', '=', streamSid)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** A recording row as the API carries it. */
export function toCallRecording(row: RecordingRecord): CallRecording {
  return {
    status: row.status,
    durationMs: Number(row.duration_ms),
    ...(row.error ? { error: row.error } : {}),
  };
}

/** Rows whose session is gone (Keep history, the owner's account deleted): their audio is to be deleted. */
export async function orphanedRecordings(db: Kysely<Database>, limit: number): Promise<RecordingRecord[]> {
  return db
    .selectFrom('call_recordings')
    .selectAll()
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('call_sessions')
            .select('call_sessions.stream_sid')
            .whereRef('call_sessions.stream_sid', '=', 'call_recordings.stream_sid'),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

/** Recordings still 'recording' whose call has ended (its server stopped before finishing them). */
export async function unfinishedRecordings(
  db: Kysely<Database>,
  limit: number,
): Promise<(RecordingRecord & { end_time: number | null })[]> {
  return db
    .selectFrom('call_recordings')
    .innerJoin('call_sessions', 'call_sessions.stream_sid', 'call_recordings.stream_sid')
    .selectAll('call_recordings')
    .select('call_sessions.end_time')
    .where('call_recordings.status', '=', 'recording')
    .where('call_sessions.end_time', 'is not', null)
    .limit(limit)
    .execute();
}

export async function deleteRecordingRow(db: Kysely<Database>, streamSid: string): Promise<void> {
  await db.deleteFrom('call_recordings').where('stream_sid', '=', streamSid).execute();
}

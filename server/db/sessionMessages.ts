/**
 * Messages of a call session (spec part 1 §3 "Session message"): one row per transcript item or
 * tool call, written when it is done. Reads go through a session the caller owns.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionMessage } from '../../shared/types/session.js';
import type { CallMessagesTable, Database } from './schema.js';

export type MessageRecord = CallMessagesTable;
/** Latency (agent lines), duration (tool calls) and the place on the recording are for the rows that have them. */
export type NewMessage = Omit<MessageRecord, 'id' | 'latency_ms' | 'duration_ms' | 'audio_start_ms'> &
  Partial<Pick<MessageRecord, 'latency_ms' | 'duration_ms' | 'audio_start_ms'>>;

export function toSessionMessage(row: MessageRecord): SessionMessage {
  return {
    id: row.item_id,
    type: row.type,
    message: row.message,
    timestamp: row.timestamp,
    function_output: row.function_output,
    function_args: row.function_args,
    function_id: row.function_id,
    ...(row.type === 'assistant' ? { latencyMs: row.latency_ms } : {}),
    ...(row.type === 'function' ? { durationMs: row.duration_ms } : {}),
    ...(row.type === 'function' ? {} : { audioStartMs: row.audio_start_ms ?? null }),
  };
}

export async function insertMessage(db: Kysely<Database>, message: NewMessage): Promise<void> {
  await db
    .insertInto('call_messages')
    .values({ id: randomUUID(), ...message })
    .execute();
}

/** Messages of these sessions, each session's in the order they were spoken (index (stream_sid, timestamp, seq)). */
export async function listMessages(db: Kysely<Database>, streamSids: readonly string[]): Promise<MessageRecord[]> {
  if (streamSids.length === 0) return [];
  return db
    .selectFrom('call_messages')
    .selectAll()
    .where('stream_sid', 'in', [...streamSids])
    .orderBy('stream_sid')
    .orderBy('timestamp')
    .orderBy('seq')
    .execute();
}

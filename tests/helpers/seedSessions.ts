/**
 * Ended call sessions written straight to the database, for paging tests and benches: session
 * i (1-based) of a user started at `start + i minutes`, lasted i % 600 seconds, and has
 * ended_seq i, as if they had ended one after another.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';
import type { SessionRecord } from '../../server/db/sessions.js';

/** Review figures of a call from before migration 016. */
const UNMEASURED = {
  model: null,
  input_text_tokens: null,
  input_audio_tokens: null,
  cached_text_tokens: null,
  cached_audio_tokens: null,
  output_text_tokens: null,
  output_audio_tokens: null,
  interruptions: null,
  latency_turns: null,
  latency_p50_ms: null,
  latency_p95_ms: null,
};

export function endedSessionRow(userId: string, agentId: string, i: number, start: number): SessionRecord {
  const startTime = start + i * 60_000;
  const duration = i % 600;
  return {
    stream_sid: `MZ${userId.slice(0, 8)}${String(i).padStart(24, '0')}`,
    call_sid: `CA${userId.slice(0, 8)}${String(i).padStart(24, '0')}`,
    user_id: userId,
    agent_id: agentId,
    agent_name: 'Seeded agent',
    from_number: '+14155550100',
    to_number: '+14155550199',
    call_type: i % 3 === 0 ? 'outbound' : 'inbound',
    start_time: startTime,
    end_time: startTime + duration * 1000,
    duration,
    ended_seq: i,
    expires_at: null,
    operator_id: null,
    operator_name: null,
    answered_by: null,
    ...UNMEASURED,
    transfer: null,
    dial_status: null,
    end_reason: null,
  };
}

export async function seedEndedSessions(
  db: Kysely<Database>,
  userId: string,
  agentId: string,
  count: number,
  start = Date.UTC(2026, 0, 1),
): Promise<void> {
  for (let from = 1; from <= count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from + 1) }, (_, k) =>
      endedSessionRow(userId, agentId, from + k, start),
    );
    await db.insertInto('call_sessions').values(rows).execute();
  }
}

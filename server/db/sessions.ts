/**
 * Call sessions (spec part 1 §3 "Active session", issue 10). Every read takes the owner's id.
 * Ending a session gives it the owner's next `ended_seq` and an end time no earlier than the
 * owner's previous one, so "by end time" and "by ended_seq" are the same order and ended pages
 * are index seeks (migration 006). An owner's ended_seq values are contiguous, from the lowest
 * (1 until calls past their Keep history are swept, db/callSweep.ts) to the highest.
 */
import { type Kysely, sql } from 'kysely';
import type { CallSession, CallType } from '../../shared/types/session.js';
import { enqueueCallAnalysis } from './analysisJobs.js';
import { callExpiryByAgent } from './callSweep.js';
import { callTransferOf } from './callTransfers.js';
import { withOwnerLock } from './ownerLock.js';
import type { CallSessionsTable, Database } from './schema.js';

/** A session as the app shows and pages it; which instance bridges it is the server's own bookkeeping. */
export type SessionRecord = Omit<CallSessionsTable, 'instance_id'>;
/** A session as it starts; `instance_id` names the instance bridging it (see closeOrphanedSessions). */
export type NewSession = Omit<
  SessionRecord,
  | 'end_time'
  | 'duration'
  | 'ended_seq'
  | 'expires_at'
  | 'answered_by'
  | MetricColumn
  | OperatorColumn
  | CallControlColumn
> & {
  instance_id?: string | null;
  /** The Realtime model, once known (a ringing call's session is opened before it is). */
  model?: string | null;
};

/** The review figures (migration 016): db/callMetrics.ts writes them as the call goes. */
export type MetricColumn =
  | 'model'
  | 'input_text_tokens'
  | 'input_audio_tokens'
  | 'cached_text_tokens'
  | 'cached_audio_tokens'
  | 'output_text_tokens'
  | 'output_audio_tokens'
  | 'interruptions'
  | 'latency_turns'
  | 'latency_p50_ms'
  | 'latency_p95_ms';

/** Who took the call over (migration 030, db/callOperators.ts); nobody when a session starts. */
export type OperatorColumn = 'operator_id' | 'operator_name';
/** How the call was handed on and why it ended (migration 029, db/callTransfers.ts). */
export type CallControlColumn = 'transfer' | 'dial_status' | 'end_reason';

const CALL_TYPES: readonly string[] = ['inbound', 'outbound', 'web'];

/** The wire shape (spec part 1 §3); `agentName` is our addition for the Agent column. */
export function toCallSession(row: SessionRecord): CallSession {
  return {
    streamSid: row.stream_sid,
    agentId: row.agent_id,
    agentName: row.agent_name,
    fromPhoneNumber: row.from_number || 'Unknown',
    toPhoneNumber: row.to_number || 'Unknown',
    callType: (CALL_TYPES.includes(row.call_type) ? row.call_type : 'unknown') as CallType,
    startTime: row.start_time,
    active: row.end_time === null,
    duration: row.duration,
    endTime: row.end_time,
    callSid: row.call_sid,
    transfer: callTransferOf(row),
    endReason: row.end_reason,
    ...(isRinging(row) ? { ringing: true } : {}),
    ...(row.end_time === null && row.operator_id
      ? { operator: { id: row.operator_id, name: row.operator_name ?? '' } }
      : {}),
  };
}

/**
 * An outbound call placed and not answered yet: its session is keyed by the call SID until the
 * Media Stream starts (see attachRingingSession), which no stream SID ever equals.
 */
export function isRinging(row: Pick<SessionRecord, 'stream_sid' | 'call_sid' | 'end_time'>): boolean {
  return row.end_time === null && row.stream_sid === row.call_sid;
}

export async function insertSession(db: Kysely<Database>, session: NewSession): Promise<void> {
  await db
    .insertInto('call_sessions')
    .values({ ...STARTING_METRICS, ...session, end_time: null, duration: null, ended_seq: null })
    .execute();
}

/** A call that starts now is measured from its start: its counters are 0, not unknown. */
const STARTING_METRICS = {
  input_text_tokens: 0,
  input_audio_tokens: 0,
  cached_text_tokens: 0,
  cached_audio_tokens: 0,
  output_text_tokens: 0,
  output_audio_tokens: 0,
  interruptions: 0,
  latency_turns: 0,
} as const;

/**
 * The owner's session by its stream SID, or by its call SID: a ringing call's session was opened
 * under the call SID (the console links to it then) and keeps answering to it once the stream's
 * SID has replaced it.
 */
export async function findSession(
  db: Kysely<Database>,
  userId: string,
  streamSid: string,
): Promise<SessionRecord | undefined> {
  const byStream = await db
    .selectFrom('call_sessions')
    .selectAll()
    .where('stream_sid', '=', streamSid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (byStream || !CALL_SID.test(streamSid)) return byStream;
  // No index on call_sid: this reads the owner's sessions, and only for an answered call opened
  // by its old address (the console moves on to the stream SID as soon as it learns it).
  return db
    .selectFrom('call_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('call_sid', '=', streamSid)
    .executeTakeFirst();
}

/** The session of an outbound call that still rings (any owner's: Twilio's callbacks name only the call). */
export async function findRingingSession(db: Kysely<Database>, callSid: string): Promise<SessionRecord | undefined> {
  return db
    .selectFrom('call_sessions')
    .selectAll()
    .where('stream_sid', '=', callSid)
    .where('call_sid', '=', callSid)
    .where('ended_seq', 'is', null)
    .executeTakeFirst();
}

/** Twilio's call SIDs: CA and 32 hex digits. */
const CALL_SID = /^CA[0-9a-f]{32}$/i;

/**
 * The Media Stream of an outbound call started: the call's ringing session (keyed by its call
 * SID) takes the stream's SID and the instance bridging it. Undefined when there is no such open
 * session (a call placed before this existed, or one ended while it rang); the caller then opens
 * a new one. The stream SID is set in the same statement that finds the row, so two instances
 * can't both take it, and an ended session is never revived.
 */
export async function attachRingingSession(
  db: Kysely<Database>,
  call: { userId: string; callSid: string; streamSid: string; instanceId: string },
): Promise<SessionRecord | undefined> {
  const result = await db
    .updateTable('call_sessions')
    .set({ stream_sid: call.streamSid, instance_id: call.instanceId })
    .where('stream_sid', '=', call.callSid)
    .where('call_sid', '=', call.callSid)
    .where('user_id', '=', call.userId)
    .where('ended_seq', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findSession(db, call.userId, call.streamSid);
}

/** The owner's open sessions, newest first. */
export async function listActiveSessions(db: Kysely<Database>, userId: string): Promise<SessionRecord[]> {
  return db
    .selectFrom('call_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ended_seq', 'is', null)
    .orderBy('start_time', 'desc')
    .execute();
}

export interface EndedPage {
  rows: SessionRecord[];
  total: number;
}

/** The owner's lowest and highest ended_seq (0 and 0 with none): two index seeks. */
async function endedRange(db: Kysely<Database>, userId: string): Promise<{ lowest: number; highest: number }> {
  const seq = (edge: 'min' | 'max') =>
    db
      .selectFrom('call_sessions')
      .select((eb) => eb.fn[edge]('ended_seq').as('seq'))
      .where('user_id', '=', userId)
      .where('ended_seq', 'is not', null)
      .executeTakeFirst();
  const [lowest, highest] = await Promise.all([seq('min'), seq('max')]);
  return { lowest: Number(lowest?.seq ?? 0), highest: Number(highest?.seq ?? 0) };
}

/** How many ended sessions the owner has (their ended_seq values are contiguous). */
export async function countEndedSessions(db: Kysely<Database>, userId: string): Promise<number> {
  const { lowest, highest } = await endedRange(db, userId);
  return highest === 0 ? 0 : highest - lowest + 1;
}

/** The owner's ended sessions by end time, `offset` rows in; three index seeks at any depth. */
export async function listEndedSessions(
  db: Kysely<Database>,
  userId: string,
  page: { limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<EndedPage> {
  const { lowest, highest } = await endedRange(db, userId);
  const total = highest === 0 ? 0 : highest - lowest + 1;
  let query = db.selectFrom('call_sessions').selectAll().where('user_id', '=', userId);
  query =
    page.order === 'desc'
      ? query
          .where('ended_seq', '<=', highest - page.offset)
          .where('ended_seq', 'is not', null)
          .orderBy('ended_seq', 'desc')
      : query.where('ended_seq', '>=', lowest + page.offset).orderBy('ended_seq', 'asc');
  const rows = page.offset >= total ? [] : await query.limit(page.limit).execute();
  return { rows, total };
}

export interface EndedSession {
  endTime: number;
  /** Seconds. */
  duration: number;
}

/**
 * Ends the open session: end time (never before the owner's last one, see above), duration in
 * seconds, the next ended_seq and when the sweep deletes it (its agent's Keep history as it is
 * now; forever when the agent is gone), in one transaction. Null when it was not open (already ended
 * elsewhere, e.g. by End Session while the bridge also saw the hang-up).
 */
export async function endSessionRecord(
  db: Kysely<Database>,
  session: Pick<SessionRecord, 'stream_sid' | 'user_id' | 'start_time'>,
  endTime: number,
  /** Why it ended (voice/callTypes.ts EndReason), when the ender knows. */
  endReason: string | null = null,
): Promise<EndedSession | null> {
  // The owner's lock serialises concurrent ends of one owner (their ended_seq) on PostgreSQL.
  return withOwnerLock(db, session.user_id, async (trx) => {
    const last = await trx
      .selectFrom('call_sessions')
      .select(['ended_seq', 'end_time'])
      .where('user_id', '=', session.user_id)
      .where('ended_seq', 'is not', null)
      .orderBy('ended_seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const end = Math.max(endTime, session.start_time, last?.end_time ?? 0);
    const duration = Math.max(0, Math.round((end - session.start_time) / 1000));
    const result = await trx
      .updateTable('call_sessions')
      .set({
        end_time: end,
        duration,
        ended_seq: Number(last?.ended_seq ?? 0) + 1,
        expires_at: callExpiryByAgent(end),
        // Only when known: the seeders of older databases end calls through here too.
        ...(endReason === null ? {} : { end_reason: endReason }),
      })
      .where('stream_sid', '=', session.stream_sid)
      .where('ended_seq', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    // In the same transaction: an ended call with analysis on always has its job (issue 21).
    await enqueueCallAnalysis(trx, session.stream_sid, end);
    return { endTime: end, duration };
  });
}

/**
 * Sessions whose call died with the instance bridging it: still open, and started by an instance
 * whose heartbeat is older than `staleBefore` or that is not registered at all (crashed, killed,
 * or from before migration 010). Live calls of running instances are left alone, which matters
 * when several instances share one PostgreSQL. Each is closed at its last sign of life (its
 * newest message, else its start). Returns how many.
 */
export async function closeOrphanedSessions(db: Kysely<Database>, staleBefore: number): Promise<number> {
  const open = await db
    .selectFrom('call_sessions')
    .leftJoin('server_instances', 'server_instances.id', 'call_sessions.instance_id')
    .leftJoin('call_messages', 'call_messages.stream_sid', 'call_sessions.stream_sid')
    .select(['call_sessions.stream_sid', 'call_sessions.user_id', 'call_sessions.start_time'])
    .select(sql<number | null>`max(call_messages.timestamp)`.as('last_message'))
    .where('call_sessions.ended_seq', 'is', null)
    .where((eb) =>
      eb.or([eb('server_instances.id', 'is', null), eb('server_instances.last_seen_at', '<', staleBefore)]),
    )
    .groupBy(['call_sessions.stream_sid', 'call_sessions.user_id', 'call_sessions.start_time'])
    .execute();
  open.sort((a, b) => Number(a.last_message ?? a.start_time) - Number(b.last_message ?? b.start_time));
  let closed = 0;
  for (const session of open) {
    const lastSign = Math.max(Number(session.start_time), Number(session.last_message ?? 0));
    if (await endSessionRecord(db, { ...session, start_time: Number(session.start_time) }, lastSign)) closed += 1;
  }
  return closed;
}

/**
 * The call sessions of one user (spec part 1 §7) as use cases the routes call: another user's
 * session is 404 'Session not found' exactly like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallOperatorResponse, SuccessResponse } from '../../shared/types/api.js';
import type { CallOperator, CallSession, SessionMessage } from '../../shared/types/session.js';
import { foundOr404 } from '../core/AppError.js';
import { findRecording, toCallRecording } from '../db/recordings.js';
import type { Database } from '../db/schema.js';
import { listMessages, toSessionMessage } from '../db/sessionMessages.js';
import {
  findSession,
  listActiveSessions,
  listEndedSessions,
  type SessionRecord,
  toCallSession,
} from '../db/sessions.js';
import { callFigures, loadPricing } from '../pricing/callFigures.js';
import type { TelephonyRates } from '../pricing/telephonyRates.js';
import { answeredByField } from './answeredByField.js';
import { endSession } from './endSession.js';
import { handBackCall, takeOverCall } from './takeOverCall.js';
import { transferSession } from './transferSession.js';

export const SESSION_NOT_FOUND = 'Session not found';

async function ownedSession(db: Kysely<Database>, userId: string, streamSid: string): Promise<SessionRecord> {
  return foundOr404(await findSession(db, userId, streamSid), SESSION_NOT_FOUND);
}

/** The user's session, or undefined: the listen socket answers with a close code, not a 404. */
export function findCallSession(
  db: Kysely<Database>,
  userId: string,
  streamSid: string,
): Promise<SessionRecord | undefined> {
  return findSession(db, userId, streamSid);
}

export async function listActiveCalls(db: Kysely<Database>, userId: string): Promise<CallSession[]> {
  return (await listActiveSessions(db, userId)).map(toCallSession);
}

/**
 * Any of the user's sessions, ended or not, so a detail page survives the call's end, with its
 * review figures and cost (issue 21).
 */
export async function getCallSession(
  db: Kysely<Database>,
  userId: string,
  streamSid: string,
  rates: TelephonyRates,
): Promise<CallSession> {
  const row = await ownedSession(db, userId, streamSid);
  const [pricing, recording] = await Promise.all([loadPricing(db, rates), findRecording(db, userId, streamSid)]);
  return {
    ...toCallSession(row),
    figures: callFigures(row, pricing),
    recording: recording ? toCallRecording(recording) : null,
    ...answeredByField(row.answered_by),
  };
}

export async function listEndedCalls(
  db: Kysely<Database>,
  userId: string,
  page: Parameters<typeof listEndedSessions>[2],
): Promise<{ sessions: CallSession[]; total: number }> {
  const found = await listEndedSessions(db, userId, page);
  return { sessions: found.rows.map(toCallSession), total: found.total };
}

/** Ends the user's call wherever it runs (voice/endSession.ts). */
export async function endCallSession(
  app: FastifyInstance,
  userId: string,
  streamSid: string,
): Promise<SuccessResponse> {
  return endSession(app, await ownedSession(app.db, userId, streamSid));
}

/** The signed-in operator takes the user's live call over from its agent (issue 23). */
export async function takeOverCallSession(
  app: FastifyInstance,
  userId: string,
  operator: CallOperator,
  streamSid: string,
): Promise<CallOperatorResponse> {
  return takeOverCall(app, await ownedSession(app.db, userId, streamSid), operator);
}

/** The operator holding the user's call hands it back to its agent (issue 23). */
export async function handBackCallSession(
  app: FastifyInstance,
  userId: string,
  operatorId: string,
  streamSid: string,
): Promise<CallOperatorResponse> {
  return handBackCall(app, await ownedSession(app.db, userId, streamSid), operatorId);
}

/** Transfers the user's live call to one of its agent's destinations (voice/transferSession.ts). */
export async function transferCallSession(
  app: FastifyInstance,
  user: { id: string; username: string },
  streamSid: string,
  destination: string,
): Promise<SuccessResponse> {
  return transferSession(app, await ownedSession(app.db, user.id, streamSid), destination, user.username);
}

export async function callMessages(db: Kysely<Database>, userId: string, streamSid: string): Promise<SessionMessage[]> {
  const session = await ownedSession(db, userId, streamSid);
  return (await listMessages(db, [session.stream_sid])).map(toSessionMessage);
}

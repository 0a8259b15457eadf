/**
 * Take over and hand back (issue 23): the claim is stored on the session first (one holder at a
 * time, db/callOperators.ts), then applied by the instance bridging the call: this one, or the
 * one named on the session, asked over the bus like End Session (voice/endSession.ts). When no
 * live instance applies it, the claim is undone, so the session never says an operator holds a
 * call whose agent still speaks.
 */
import type { FastifyInstance } from 'fastify';
import type { CallOperatorResponse } from '../../shared/types/api.js';
import type { CallOperator } from '../../shared/types/session.js';
import { AppError, conflict, retryAfter } from '../core/AppError.js';
import { claimCall, releaseCall } from '../db/callOperators.js';
import { findBridgingInstance } from '../db/serverInstances.js';
import type { SessionRecord } from '../db/sessions.js';
import { INSTANCE_STALE_MS } from '../instances/InstanceHeartbeat.js';

const ENDED = 'The call has ended';
const NOT_RUNNING = 'The call is not running on any server any more';

export async function takeOverCall(
  app: FastifyInstance,
  session: SessionRecord,
  operator: CallOperator,
): Promise<CallOperatorResponse> {
  if (session.end_time !== null || session.stream_sid === session.call_sid) throw conflict(ENDED);
  const call = { userId: session.user_id, streamSid: session.stream_sid };
  const claim = await claimCall(app.db, call, operator);
  if (!claim.claimed) {
    if (!claim.holder) throw conflict(ENDED);
    throw conflict(`${claim.holder.name} has already taken over this call`);
  }
  try {
    await applyOperator(app, session.stream_sid, operator);
  } catch (error) {
    await releaseCall(app.db, call, operator.id);
    throw error;
  }
  return { success: true, operator };
}

export async function handBackCall(
  app: FastifyInstance,
  session: SessionRecord,
  operatorId: string,
): Promise<CallOperatorResponse> {
  const call = { userId: session.user_id, streamSid: session.stream_sid };
  if (session.end_time !== null) throw conflict(ENDED);
  if (!session.operator_id) return { success: true, operator: null };
  if (session.operator_id !== operatorId)
    throw conflict(`${session.operator_name ?? 'Another operator'} holds this call; only they can hand it back`);
  await releaseCall(app.db, call, operatorId);
  // A call no instance runs any more has nothing to give back to: the release is all there is.
  await applyOperator(app, session.stream_sid, null).catch((error: unknown) => {
    if (!(error instanceof AppError) || error.message !== NOT_RUNNING) throw error;
  });
  return { success: true, operator: null };
}

/** Tells the bridging instance who holds the call; throws when no live instance has it. */
async function applyOperator(app: FastifyInstance, streamSid: string, operator: CallOperator | null): Promise<void> {
  if (app.calls.setOperator(streamSid, operator)) return;
  const owner = app.cluster ? await findBridgingInstance(app.db, streamSid) : undefined;
  if (!app.cluster || !owner || owner.id === app.instanceId || owner.lastSeenAt < app.clock() - INSTANCE_STALE_MS)
    throw conflict(NOT_RUNNING);
  const result = await app.cluster.setOperatorOn(owner.id, streamSid, operator);
  if (result === 'no_answer') {
    throw new AppError(
      'call_instance_unavailable',
      'The server running this call did not answer. Please try again in a moment.',
      retryAfter(5),
    );
  }
  if (result === 'not_found') throw conflict(NOT_RUNNING);
}

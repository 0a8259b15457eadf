/**
 * The operator's Transfer on a live call (issue 23): the call moves to one of its agent's transfer
 * destinations at once, with the operator's name as the reason. Only the agent's destinations are
 * offered, never a typed number: the owner chose and checked those on the agent page, so a stolen
 * console session can't send calls to a number of its choosing.
 *
 * Like End Session (endSession.ts), a call another instance bridges is transferred there, over the
 * bus: that instance must know the coming `stop` is a transfer, not a hang-up.
 */
import type { FastifyInstance } from 'fastify';
import type { SuccessResponse } from '../../shared/types/api.js';
import { builtinFunctionSettings } from '../agents/builtinFunctionSettings.js';
import { AppError, conflict, invalidField, retryAfter } from '../core/AppError.js';
import { findAgentRow } from '../db/agents.js';
import { findBridgingInstance } from '../db/serverInstances.js';
import type { SessionRecord } from '../db/sessions.js';
import { INSTANCE_STALE_MS } from '../instances/InstanceHeartbeat.js';
import { twilioAppError } from '../settings/twilioForUser.js';
import { TwilioError } from '../twilio/TwilioClient.js';
import type { TransferRequest } from './builtins/BuiltinFunction.js';

export const CALL_NOT_LIVE = 'This call is no longer live, so it cannot be transferred';
export const BROWSER_CALL_TRANSFER = 'A browser test call cannot be transferred: it has no phone line to move';

export async function transferSession(
  app: FastifyInstance,
  session: SessionRecord,
  destinationName: string,
  operator: string,
): Promise<SuccessResponse> {
  if (session.ended_seq !== null) throw conflict(CALL_NOT_LIVE);
  if (session.call_type === 'web') throw conflict(BROWSER_CALL_TRANSFER);
  const agent = await findAgentRow(app.db, session.user_id, session.agent_id);
  const destinations = agent ? builtinFunctionSettings(agent.builtin_functions).transferCall.destinations : [];
  const wanted = destinationName.trim().toLowerCase();
  const destination = destinations.find((d) => d.name.toLowerCase() === wanted);
  if (!destination) throw invalidField('destination', "is not one of this agent's transfer destinations");
  const request: TransferRequest = {
    destination: destination.name,
    phoneNumber: destination.phoneNumber,
    reason: `Transferred by ${operator}`,
    by: 'operator',
  };
  try {
    if (await app.calls.transfer(session.stream_sid, request)) return { success: true };
  } catch (error) {
    throw error instanceof TwilioError ? twilioAppError(error) : conflict(transferFailure(error));
  }
  if (app.cluster && (await transferElsewhere(app, app.cluster, session.stream_sid, request))) return { success: true };
  throw conflict(CALL_NOT_LIVE);
}

function transferFailure(error: unknown): string {
  return `The call could not be transferred: ${error instanceof Error ? error.message : 'unknown error'}`;
}

/** Transfers the call on the live instance bridging it; false when no live instance has it. */
async function transferElsewhere(
  app: FastifyInstance,
  cluster: NonNullable<FastifyInstance['cluster']>,
  streamSid: string,
  request: TransferRequest,
): Promise<boolean> {
  const owner = await findBridgingInstance(app.db, streamSid);
  if (!owner || owner.id === app.instanceId || owner.lastSeenAt < app.clock() - INSTANCE_STALE_MS) return false;
  const result = await cluster.transferCallOn(owner.id, streamSid, request);
  if (result.kind === 'no_answer') {
    throw new AppError(
      'call_instance_unavailable',
      'The server running this call did not answer. Please try again in a moment.',
      retryAfter(5),
    );
  }
  if (result.kind === 'failed') throw conflict(`The call could not be transferred: ${result.error}`);
  return result.kind === 'transferred';
}

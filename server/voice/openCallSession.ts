/**
 * The session row of a call that is starting: an outbound call takes over the session it has had
 * since it was placed (ringing, keyed by its call SID); any other call opens one now. Answers the
 * call's start time.
 */
import { attachRingingSession, insertSession } from '../db/sessions.js';
import type { BridgeDeps, CallContext } from './callTypes.js';

export async function openCallSession(
  deps: Pick<BridgeDeps, 'db' | 'clock' | 'instanceId'>,
  context: CallContext,
  agentName: string,
): Promise<number> {
  const { db, clock, instanceId } = deps;
  const { streamSid, callSid, userId } = context;
  if (context.callType === 'outbound') {
    const ringing = await attachRingingSession(db, { userId, callSid, streamSid, instanceId });
    if (ringing) return Number(ringing.start_time);
  }
  const startTime = clock();
  await insertSession(db, {
    stream_sid: streamSid,
    call_sid: callSid,
    user_id: userId,
    agent_id: context.agentId,
    agent_name: agentName,
    from_number: context.from,
    to_number: context.to,
    call_type: context.callType,
    start_time: startTime,
    instance_id: instanceId,
  });
  return startTime;
}

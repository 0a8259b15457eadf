/**
 * End Session (spec part 1 §7): the call is ended at Twilio first (REST `Status=completed`, so
 * the caller hears no goodbye message), then both sockets close and the session is stored as
 * ended. When Twilio can't be asked (no credentials, Twilio failing), closing the stream still
 * ends the call: Twilio says the TwiML's goodbye and hangs up.
 *
 * A call another instance bridges (several instances on one PostgreSQL, issue 12) is ended there:
 * the request goes to that instance over the bus and the answer waits for its acknowledgement.
 * An instance that is alive (a recent heartbeat) but does not answer gets a 503 to try again,
 * rather than the session being closed under a call that may still run. A session no live
 * instance bridges (its instance is gone, or it was one a crash left open) is closed in the
 * database.
 */
import type { FastifyInstance } from 'fastify';
import type { SuccessResponse } from '../../shared/types/api.js';
import { AppError, retryAfter } from '../core/AppError.js';
import { findBridgingInstance } from '../db/serverInstances.js';
import { endSessionRecord, type SessionRecord } from '../db/sessions.js';
import { INSTANCE_STALE_MS } from '../instances/InstanceHeartbeat.js';
import { findTwilioForUser } from '../settings/twilioForUser.js';

export async function endSession(app: FastifyInstance, session: SessionRecord): Promise<SuccessResponse> {
  if (session.ended_seq !== null) return { success: true, message: 'The session had already ended' };
  let warning: string | undefined;
  // A browser call (issue 20) has no Twilio call: closing its socket is the whole hang-up.
  if (session.call_type !== 'web') {
    try {
      const twilio = await findTwilioForUser(app, session.user_id);
      if (twilio) await twilio.endCall(session.call_sid);
      else warning = 'Twilio credentials are missing, so the call was ended by closing its stream';
    } catch (error) {
      app.log.warn({ err: error, streamSid: session.stream_sid }, 'Twilio could not end the call; closing its stream');
      warning = 'Twilio could not be asked to end the call, so it was ended by closing its stream';
    }
  }
  const done = (): SuccessResponse => (warning ? { success: true, message: warning } : { success: true });
  if (await app.calls.end(session.stream_sid, 'ended_by_user')) return done();
  if (app.cluster && (await endElsewhere(app, app.cluster, session.stream_sid))) return done();
  const ended = await endSessionRecord(app.db, session, app.clock());
  if (ended) {
    app.realtime.sendToUser(session.user_id, {
      type: 'session.ended',
      streamSid: session.stream_sid,
      duration: ended.duration,
      endTime: ended.endTime,
    });
    await app.webhooks.events
      .callEnded(session.user_id, session.stream_sid, 'ended_by_user')
      .catch((error: unknown) =>
        app.log.error({ err: error, streamSid: session.stream_sid }, 'could not queue a call webhook'),
      );
  }
  return done();
}

/** Ends the call on the live instance bridging it; false when no live instance has it. */
async function endElsewhere(
  app: FastifyInstance,
  cluster: NonNullable<FastifyInstance['cluster']>,
  streamSid: string,
): Promise<boolean> {
  const owner = await findBridgingInstance(app.db, streamSid);
  if (!owner || owner.id === app.instanceId || owner.lastSeenAt < app.clock() - INSTANCE_STALE_MS) return false;
  const result = await cluster.endCallOn(owner.id, streamSid);
  if (result === 'no_answer') {
    throw new AppError(
      'call_instance_unavailable',
      'The server running this call did not answer. Please try again in a moment.',
      retryAfter(5),
    );
  }
  return result === 'ended';
}

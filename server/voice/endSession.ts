/**
 * End Session (spec part 1 §7): the call is ended at Twilio first (REST `Status=completed`, so
 * the caller hears no goodbye message), then both sockets close and the session is stored as
 * ended. When Twilio can't be asked (no credentials, Twilio failing), closing the stream still
 * ends the call: Twilio says the TwiML's goodbye and hangs up. A session this instance does not
 * bridge (another instance's, or one a crash left open) is closed in the database.
 */
import type { FastifyInstance } from 'fastify';
import type { SuccessResponse } from '../../shared/types/api.js';
import { findTwilioForUser } from '../agents/twilioForUser.js';
import { endSessionRecord, type SessionRecord } from '../db/sessions.js';

export async function endSession(app: FastifyInstance, session: SessionRecord): Promise<SuccessResponse> {
  if (session.ended_seq !== null) return { success: true, message: 'The session had already ended' };
  let warning: string | undefined;
  try {
    const twilio = await findTwilioForUser(app, session.user_id);
    if (twilio) await twilio.endCall(session.call_sid);
    else warning = 'Twilio credentials are missing, so the call was ended by closing its stream';
  } catch (error) {
    app.log.warn({ err: error, streamSid: session.stream_sid }, 'Twilio could not end the call; closing its stream');
    warning = 'Twilio could not be asked to end the call, so it was ended by closing its stream';
  }
  if (!(await app.calls.end(session.stream_sid, 'ended_by_user'))) {
    const ended = await endSessionRecord(app.db, session, app.clock());
    if (ended) {
      app.realtime.sendToUser(session.user_id, { type: 'session.ended', streamSid: session.stream_sid, duration: ended.duration, endTime: ended.endTime });
    }
  }
  return warning ? { success: true, message: warning } : { success: true };
}

/**
 * Twilio's asynchronous answering machine detection verdict on an outbound call this server
 * placed (POST /api/twilio/amd-status, VOICE.md §14.7; issue 23), as a use case. The session
 * keeps who answered; on a machine or a fax the agent's voicemail setting is carried out by the
 * instance bridging the call: this one, or another over the bus (like End Session). When no live
 * instance bridges it (not connected yet, or its instance is gone), the plan is carried out at
 * Twilio from here. A person, or a verdict of `unknown`, changes nothing.
 *
 * The session names the owner, whose Twilio account and auth token must have signed the callback
 * (VOICE.md §1.5); a callback about a call of no session here changes nothing and is answered
 * without a look at its signature.
 */
import type { FastifyInstance } from 'fastify';
import { answeredByOf } from '../../shared/callHandling.js';
import { forbidden, invalidField } from '../core/AppError.js';
import { findAgentRow } from '../db/agents.js';
import { findSessionOfCall, saveAnsweredBy } from '../db/answeredBy.js';
import { findBridgingInstance } from '../db/serverInstances.js';
import { INSTANCE_STALE_MS } from '../instances/InstanceHeartbeat.js';
import { getAccountSecrets } from '../settings/accountSecrets.js';
import { findTwilioForUser } from '../settings/twilioForUser.js';
import { isValidTwilioSignature, type TwilioParams } from '../twilio/signature.js';
import { carryOutAtTwilio, type MachinePlan, machinePlanOf } from './voicemail.js';

export interface AmdCallback {
  callSid: string;
  accountSid: string;
  /** Twilio's AnsweredBy: human, machine_end_beep, machine_end_silence, machine_end_other, fax, unknown… */
  answeredBy: string;
  signature: string;
  /** The URL exactly as Twilio requested it, and its form fields: what the signature covers. */
  url: string;
  params: TwilioParams;
}

/** `refusal` is the text of the 403 for a callback not signed by the call's owner. */
export async function answeringMachineDetected(
  app: FastifyInstance,
  callback: AmdCallback,
  refusal: string,
): Promise<void> {
  const answeredBy = answeredByOf(callback.answeredBy);
  if (!answeredBy) throw invalidField('AnsweredBy', 'is not a value Twilio sends');
  const session = await findSessionOfCall(app.db, callback.callSid);
  if (!session) return;
  const secrets = await getAccountSecrets(app.db, app.secretBox, session.user_id);
  const signed =
    secrets.twilioAccountSid === callback.accountSid &&
    !!secrets.twilioAuthToken &&
    isValidTwilioSignature(secrets.twilioAuthToken, callback.signature, callback.url, callback.params);
  if (!signed) throw forbidden(refusal);
  await saveAnsweredBy(app.db, { streamSid: session.stream_sid, userId: session.user_id }, answeredBy);
  if (answeredBy !== 'machine' && answeredBy !== 'fax') return;
  if (session.ended_seq !== null) return;
  const agent = await findAgentRow(app.db, session.user_id, session.agent_id);
  const plan = agent ? machinePlanOf(agent) : null;
  if (!plan) return;
  app.log.info({ callSid: callback.callSid, answeredBy, action: plan.action }, 'an answering machine answered');
  if (await app.calls.answeredByMachine(session.stream_sid, plan)) return;
  if (await carriedOutElsewhere(app, session.stream_sid, plan)) return;
  const twilio = await findTwilioForUser(app, session.user_id);
  if (twilio) await carryOutAtTwilio(twilio, callback.callSid, plan);
}

/** Carries the plan out on the live instance bridging the call; false when none has it. */
async function carriedOutElsewhere(app: FastifyInstance, streamSid: string, plan: MachinePlan): Promise<boolean> {
  if (!app.cluster) return false;
  const owner = await findBridgingInstance(app.db, streamSid);
  if (!owner || owner.id === app.instanceId || owner.lastSeenAt < app.clock() - INSTANCE_STALE_MS) return false;
  return (await app.cluster.answeredByMachineOn(owner.id, streamSid, plan)) === 'ended';
}

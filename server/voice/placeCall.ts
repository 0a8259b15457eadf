/**
 * POST /api/twilio/make-call as a use case: the user's agent (404 otherwise) calls `to` from its
 * own number through the user's Twilio account. The call's Media Stream gets its context and a
 * one-time token (voice/streamTokens.ts); the token is bound to the call Twilio answers with, and
 * deleted again when Twilio refuses the call. The ringing call is then watched (RingingCalls.ts).
 */
import { AGENT_NOT_FOUND } from '../agents/agentLimits.js';
import { badRequest, notFound } from '../core/AppError.js';
import { findAgentRow } from '../db/agents.js';
import { bindStreamToken, deleteStreamToken } from '../db/streamTokens.js';
import { callTwilio, twilioForUser } from '../settings/twilioForUser.js';
import type { CallDirection } from './callTypes.js';
import type { RingingCalls } from './RingingCalls.js';
import { callStatusUrl } from './RingingCalls.js';
import { mintStreamToken } from './streamTokens.js';
import { amdStatusUrl, machinePlanOf } from './voicemail.js';

export const AGENT_HAS_NO_NUMBER = 'This agent has no phone number. Attach one of your Twilio numbers first.';

/** The database, secrets and public address of the user's Twilio client, and the ringing calls. */
export type PlaceCallServices = Parameters<typeof twilioForUser>[0] & {
  config: { publicUrl: string };
  ringing: Pick<RingingCalls, 'placed'>;
};

/** TwiML connecting the call's Media Stream, with its one-time token and context as `<Parameter>`s. */
export type ConnectTwiml = (
  token: string,
  call: { agentId: string; callType: CallDirection; from: string; to: string },
) => string;

/** `to` is already normalised (agents/phoneNumber.ts); answers Twilio's call SID. */
export async function placeCall(
  services: PlaceCallServices,
  call: { userId: string; agentId: string; to: string },
  now: number,
  connectTwiml: ConnectTwiml,
): Promise<string> {
  const { db, config } = services;
  const { userId, to } = call;
  const agent = await findAgentRow(db, userId, call.agentId);
  if (!agent) throw notFound(AGENT_NOT_FOUND);
  if (!agent.phone_number) throw badRequest(AGENT_HAS_NO_NUMBER, 'agent_has_no_number');
  const twilio = await twilioForUser(services, userId);
  const from = agent.phone_number;
  const context = { userId, agentId: agent.id, callType: 'outbound' as const, from, to, callSid: null };
  const { token, hash: tokenHash } = await mintStreamToken(db, context, now);
  const twiml = connectTwiml(token, context);
  let callSid: string;
  try {
    const placed = await callTwilio(() =>
      twilio.createCall({
        to,
        from,
        twiml,
        statusCallback: callStatusUrl(config.publicUrl),
        // Twilio's detection is asked for only when a machine changes what the call does (issue 23).
        ...(machinePlanOf(agent) ? { amdStatusCallback: amdStatusUrl(config.publicUrl) } : {}),
      }),
    );
    await bindStreamToken(db, tokenHash, placed.sid);
    callSid = placed.sid;
  } catch (error) {
    await deleteStreamToken(db, tokenHash);
    throw error;
  }
  await services.ringing.placed({ callSid, userId, agentId: agent.id, agentName: agent.name, from, to });
  return callSid;
}

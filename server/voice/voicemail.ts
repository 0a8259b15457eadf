/**
 * Voicemail on outbound calls (issue 23, VOICE.md §14.7). Twilio's asynchronous answering machine
 * detection posts its verdict once a machine's greeting has ended (DetectMessageEnd); the agent
 * has been live from the first second, so a person who answers never waits. On a machine or a
 * fax the agent's setting decides: hang up, or leave its message.
 *
 * The message is left with TwiML (`<Say>` then `<Hangup/>`, through a call update) rather than
 * by having the model speak it: the text is said word for word (a model asked to repeat a text
 * may still rephrase or add to it), it starts right after the beep the verdict waited for, and
 * the call hangs up when Twilio has finished saying it, with no mark-tracking race against the
 * last audio. The cost is Twilio's voice instead of the agent's for that one message.
 */
import type { VoicemailSettings } from '../../shared/types/builtinFunctions.js';
import { builtinFunctionSettings } from '../agents/builtinFunctionSettings.js';
import type { AgentRecord } from '../db/agents.js';
import type { TwilioClient } from '../twilio/TwilioClient.js';
import { sayAndHangUpTwiml } from '../twilio/twiml.js';
import type { EndReason } from './callTypes.js';

/** Where Twilio posts its verdict (routes/twilioAmdStatus.ts). */
export const AMD_STATUS_PATH = '/api/twilio/amd-status';

export function amdStatusUrl(publicUrl: string): string {
  return new URL(AMD_STATUS_PATH, publicUrl).toString();
}

/** What a call does once a machine answered it. */
export type MachinePlan = { action: 'hang_up' } | { action: 'leave_message'; message: string };

/** The agent's plan for a machine, or null when it does nothing (voicemail off). */
export function machinePlanOf(agent: Pick<AgentRecord, 'builtin_functions'>): MachinePlan | null {
  const setting: VoicemailSettings = builtinFunctionSettings(agent.builtin_functions).voicemail;
  if (setting.action === 'leave_message') {
    const message = setting.message.trim();
    // Validation refuses a blank message; a row written otherwise still never says nothing.
    return message ? { action: 'leave_message', message } : { action: 'hang_up' };
  }
  return setting.action === 'hang_up' ? { action: 'hang_up' } : null;
}

/** Carries the plan out at Twilio; answers why the call ends. */
export async function carryOutAtTwilio(twilio: TwilioClient, callSid: string, plan: MachinePlan): Promise<EndReason> {
  if (plan.action === 'leave_message') {
    await twilio.updateCall(callSid, sayAndHangUpTwiml(plan.message));
    return 'voicemail_left';
  }
  await twilio.endCall(callSid);
  return 'voicemail_hung_up';
}

/** The transcript line of a message left. */
export function voicemailLine(message: string): string {
  return `Voicemail left: ${message}`;
}

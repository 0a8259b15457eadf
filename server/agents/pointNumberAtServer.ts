/**
 * After a confirmed number is associated with an agent, point that Twilio number's voice webhook
 * at this server so incoming calls reach the agent (ARCHITECTURE.md, Voice calls). Best effort:
 * the association stands whatever Twilio says, and what went wrong comes back as a warning text.
 */
import type { FastifyInstance } from 'fastify';
import { twilioAppError } from '../settings/twilioForUser.js';
import { type TwilioClient, TwilioError } from '../twilio/TwilioClient.js';
import { voiceWebhookUrl } from '../twilio/twiml.js';
import { NOT_REACHING_AGENT } from './numberInAccount.js';

/** Null when the webhook now points here; otherwise why it does not. */
export async function pointNumberAtServer(
  app: Pick<FastifyInstance, 'config'>,
  twilio: TwilioClient,
  numberSid: string,
): Promise<string | null> {
  try {
    // Set even when voiceUrl already matches: the listing does not show the method (POST).
    await twilio.setVoiceUrl(numberSid, voiceWebhookUrl(app.config.publicUrl));
    return null;
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    return `${NOT_REACHING_AGENT} ${twilioAppError(error).message}`;
  }
}

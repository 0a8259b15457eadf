/**
 * After a number is associated with an agent, point that Twilio number's voice webhook at this
 * server so incoming calls reach the agent (ARCHITECTURE.md, Voice calls). Best effort: the
 * association stands whatever Twilio says, and what went wrong comes back as a warning text.
 */
import type { FastifyInstance } from 'fastify';
import { TwilioError } from '../twilio/TwilioClient.js';
import { voiceWebhookUrl } from '../twilio/twiml.js';
import { findTwilioForUser, twilioHttpError } from './twilioForUser.js';

type AppServices = Pick<FastifyInstance, 'db' | 'secretBox' | 'config'>;

const PREFIX = 'The number was assigned, but incoming calls will not reach the agent yet:';

/** Null when the webhook now points here; otherwise why it does not. */
export async function pointNumberAtServer(app: AppServices, userId: string, phoneNumber: string): Promise<string | null> {
  const twilio = await findTwilioForUser(app, userId);
  if (!twilio) return `${PREFIX} add your Twilio Account SID and Auth Token in Settings, then assign it again.`;
  const webhook = voiceWebhookUrl(app.config.publicUrl);
  try {
    const number = (await twilio.listIncomingNumbers()).find((n) => n.phoneNumber === phoneNumber);
    if (!number) return `${PREFIX} ${phoneNumber} is not a number of your Twilio account.`;
    // Set even when voiceUrl already matches: the listing does not show the method (POST).
    await twilio.setVoiceUrl(number.sid, webhook);
    return null;
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    return `${PREFIX} ${twilioHttpError(error).message}`;
  }
}

/**
 * Twilio's status callback of an outbound call this server placed, as a use case: when a call
 * ends before it was answered (no-answer, busy, failed, canceled), its ringing session ends too. A
 * call that was answered is ended by its Media Stream, so a callback about it changes nothing.
 * The ringing session names the owner, whose Twilio account and auth token must have signed it
 * (VOICE.md §1.5); a callback about a call that is not ringing here changes nothing and is
 * answered without a look at its signature.
 */
import type { Kysely } from 'kysely';
import { forbidden } from '../core/AppError.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import { findRingingSession } from '../db/sessions.js';
import { getAccountSecrets } from '../settings/accountSecrets.js';
import { isValidTwilioSignature, type TwilioParams } from '../twilio/signature.js';
import type { RingingCalls } from './RingingCalls.js';

/** Twilio's CallStatus values of a call that is over (VOICE.md §1.6). */
const OVER: ReadonlySet<string> = new Set(['completed', 'busy', 'failed', 'no-answer', 'canceled']);

export interface CallStatusServices {
  db: Kysely<Database>;
  secretBox: SecretBox;
  ringing: Pick<RingingCalls, 'unanswered'>;
}

export interface CallStatusCallback {
  callSid: string;
  status: string;
  accountSid: string;
  signature: string;
  /** The URL exactly as Twilio requested it, and its form fields: what the signature covers. */
  url: string;
  params: TwilioParams;
}

/** `refusal` is the text of the 403 for a callback not signed by the call's owner. */
export async function callStatusChanged(
  services: CallStatusServices,
  callback: CallStatusCallback,
  refusal: string,
): Promise<void> {
  const session = await findRingingSession(services.db, callback.callSid);
  if (!session) return;
  const secrets = await getAccountSecrets(services.db, services.secretBox, session.user_id);
  const { twilioAccountSid, twilioAuthToken } = secrets;
  const signed =
    twilioAccountSid === callback.accountSid &&
    !!twilioAuthToken &&
    isValidTwilioSignature(twilioAuthToken, callback.signature, callback.url, callback.params);
  if (!signed) throw forbidden(refusal);
  if (OVER.has(callback.status)) await services.ringing.unanswered(callback.callSid);
}

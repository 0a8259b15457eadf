/**
 * The result of a transfer's `<Dial>` (issue 23, VOICE.md §14.3): Twilio posts it to the dial's
 * `action` URL, which names the session. The session's owner's account and auth token must have
 * signed it (VOICE.md §1.5). The status is kept on the session; the answer is what the caller
 * hears next: nothing when the call was taken, else a short apology before Twilio hangs up.
 */
import type { Kysely } from 'kysely';
import { forbidden, invalidField } from '../core/AppError.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import { findTransferredSession, recordDialStatus } from '../db/callTransfers.js';
import type { Database } from '../db/schema.js';
import { getAccountSecrets } from '../settings/accountSecrets.js';
import { isValidTwilioSignature, type TwilioParams } from '../twilio/signature.js';
import { hangUpTwiml, sayAndHangUpTwiml } from '../twilio/twiml.js';

/** What the caller hears when the transfer's number did not take the call. */
export const TRANSFER_NOT_ANSWERED_MESSAGE = 'Sorry, nobody is available to take your call right now. Goodbye.';

/** Twilio's DialCallStatus values [PUB-DIAL]. */
const DIAL_STATUSES: ReadonlySet<string> = new Set([
  'completed',
  'answered',
  'busy',
  'no-answer',
  'failed',
  'canceled',
]);
const TAKEN: ReadonlySet<string> = new Set(['completed', 'answered']);

export interface DialResult {
  streamSid: string;
  callSid: string;
  accountSid: string;
  dialStatus: string;
  signature: string;
  /** The URL exactly as Twilio requested it, and its form fields: what the signature covers. */
  url: string;
  params: TwilioParams;
}

/** Records the dial's status; answers the TwiML the caller hears next. `refusal`: the 403's text. */
export async function dialResult(
  services: { db: Kysely<Database>; secretBox: SecretBox },
  result: DialResult,
  refusal: string,
): Promise<string> {
  const session = await findTransferredSession(services.db, result.streamSid, result.callSid);
  if (!session) throw forbidden(refusal);
  const { twilioAccountSid, twilioAuthToken } = await getAccountSecrets(
    services.db,
    services.secretBox,
    session.user_id,
  );
  const signed =
    twilioAccountSid === result.accountSid &&
    !!twilioAuthToken &&
    isValidTwilioSignature(twilioAuthToken, result.signature, result.url, result.params);
  if (!signed) throw forbidden(refusal);
  if (!DIAL_STATUSES.has(result.dialStatus))
    throw invalidField('DialCallStatus', `must be one of ${[...DIAL_STATUSES].join(', ')}`);
  await recordDialStatus(services.db, session.stream_sid, result.dialStatus);
  return TAKEN.has(result.dialStatus) ? hangUpTwiml() : sayAndHangUpTwiml(TRANSFER_NOT_ANSWERED_MESSAGE);
}

/**
 * Who may open a bridge: only Twilio, for a call this server answered (issue 10). The stream's
 * `start` must carry an unused, unexpired token bound to its call SID; the upgrade's
 * `X-Twilio-Signature` must be valid for the wss:// URL under the token owner's auth token, and
 * the stream must come from that owner's Twilio account. The signature is checked before the
 * token is spent, so a forged stream cannot burn a real call's token.
 */
import { consumeStreamToken, findUsableStreamToken } from '../db/streamTokens.js';
import { getAccountSecrets } from '../settings/accountSecrets.js';
import type { StreamStart } from '../twilio/mediaMessages.js';
import { isValidTwilioSignature } from '../twilio/signature.js';
import { mediaStreamUrl } from '../twilio/twiml.js';
import type { BridgeDeps, CallContext } from './callTypes.js';
import { hashStreamToken } from './streamTokens.js';

export const STREAM_TOKEN_PARAMETER = 'token';

/**
 * True when the stream's upgrade is signed with `userId`'s Twilio auth token for our Media Stream
 * URL and its `start` names that owner's Twilio account.
 */
export async function isOwnersTwilioStream(
  deps: Pick<BridgeDeps, 'db' | 'secretBox' | 'config'>,
  userId: string,
  start: StreamStart,
  signature: string | undefined,
): Promise<boolean> {
  const secrets = await getAccountSecrets(deps.db, deps.secretBox, userId);
  const authToken = secrets.twilioAuthToken;
  if (!authToken || secrets.twilioAccountSid !== start.accountSid) return false;
  const url = mediaStreamUrl(deps.config.publicUrl);
  // Some Twilio clients sign the URL with a trailing slash (VOICE.md §1.5).
  return [url, `${url}/`].some((variant) => isValidTwilioSignature(authToken, signature, variant));
}

/** The call's context when the stream is Twilio's for a call of ours; null otherwise. */
export async function authorizeStream(
  deps: Pick<BridgeDeps, 'db' | 'secretBox' | 'config' | 'clock'>,
  start: StreamStart,
  signature: string | undefined,
): Promise<CallContext | null> {
  const token = start.customParameters[STREAM_TOKEN_PARAMETER];
  if (!token) return null;
  const hash = hashStreamToken(token);
  const record = await findUsableStreamToken(deps.db, hash, deps.clock());
  if (!record || record.call_sid !== start.callSid) return null;
  if (!(await isOwnersTwilioStream(deps, record.user_id, start, signature))) return null;
  const used = await consumeStreamToken(deps.db, hash, start.callSid, deps.clock());
  if (!used) return null;
  return {
    streamSid: start.streamSid,
    callSid: start.callSid,
    userId: used.user_id,
    agentId: used.agent_id,
    callType: used.call_type === 'outbound' ? 'outbound' : 'inbound',
    from: used.from_number,
    to: used.to_number,
  };
}

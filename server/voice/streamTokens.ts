/**
 * Minting the one-time token a call's TwiML carries to its Media Stream (issue 10): 256 bits,
 * handed to Twilio in a `<Parameter>`, stored only as a SHA-256 hash with the call SID and agent
 * it opens. An inbound call's stream starts within seconds of the TwiML; an outbound call's TwiML
 * waits while the phone rings (Twilio rings for up to 60 s), hence the longer life.
 *
 * One token per call (issue 18): an inbound call's token is a keyed hash of its CallSid, so
 * Twilio retrying the webhook before the stream opened gets the same TwiML; once the token is
 * used or expired, the call's webhook is refused, so a replayed copy opens no new AI call.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import { claimCallStreamToken, insertStreamToken, type StreamTokenRecord } from '../db/streamTokens.js';
import type { CallDirection } from './callTypes.js';

export const STREAM_TOKEN_TTL_MS: Record<CallDirection, number> = { inbound: 60_000, outbound: 3 * 60_000 };

export function hashStreamToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StreamTokenFor {
  userId: string;
  agentId: string;
  callType: CallDirection;
  from: string;
  to: string;
  /** Known for inbound calls; an outbound call's is bound once Twilio has created it. */
  callSid: string | null;
}

/** SecretBox.lookupHash purpose of inbound calls' tokens. */
const INBOUND_TOKEN_PURPOSE = 'stream-token';

/** The token of an inbound call: the same for every webhook of that CallSid, unguessable without the key. */
function inboundCallToken(secretBox: SecretBox, callSid: string): string {
  return Buffer.from(secretBox.lookupHash(INBOUND_TOKEN_PURPOSE, callSid), 'hex').toString('base64url');
}

/**
 * The token for an incoming call's TwiML, with the call's record (agent, numbers) as first
 * answered; null when the call's token was used or has expired (a replayed webhook).
 */
export async function streamTokenForIncomingCall(
  db: Kysely<Database>,
  secretBox: SecretBox,
  call: Omit<StreamTokenFor, 'callType' | 'callSid'> & { callSid: string },
  now: number,
): Promise<{ token: string; record: StreamTokenRecord } | null> {
  const token = inboundCallToken(secretBox, call.callSid);
  const hash = hashStreamToken(token);
  const record = await claimCallStreamToken(
    db,
    {
      token_hash: hash,
      user_id: call.userId,
      agent_id: call.agentId,
      call_sid: call.callSid,
      call_type: 'inbound',
      from_number: call.from,
      to_number: call.to,
      expires_at: now + STREAM_TOKEN_TTL_MS.inbound,
    },
    now,
  );
  if (!record || record.token_hash !== hash || record.used_at !== null || record.expires_at <= now) return null;
  return { token, record };
}

export async function mintStreamToken(
  db: Kysely<Database>,
  call: StreamTokenFor,
  now: number,
): Promise<{ token: string; hash: string }> {
  const token = randomBytes(32).toString('base64url');
  const hash = hashStreamToken(token);
  await insertStreamToken(
    db,
    {
      token_hash: hash,
      user_id: call.userId,
      agent_id: call.agentId,
      call_sid: call.callSid,
      call_type: call.callType,
      from_number: call.from,
      to_number: call.to,
      expires_at: now + STREAM_TOKEN_TTL_MS[call.callType],
    },
    now,
  );
  return { token, hash };
}

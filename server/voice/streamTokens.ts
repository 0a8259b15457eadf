/**
 * Minting the one-time token a call's TwiML carries to its Media Stream (issue 10): 256 random
 * bits, handed to Twilio once in a `<Parameter>`, stored only as a SHA-256 hash with the call SID
 * and agent it opens. An inbound call's stream starts within seconds of the TwiML; an outbound
 * call's TwiML waits while the phone rings (Twilio rings for up to 60 s), hence the longer life.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { insertStreamToken } from '../db/streamTokens.js';
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

export async function mintStreamToken(db: Kysely<Database>, call: StreamTokenFor, now: number): Promise<{ token: string; hash: string }> {
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

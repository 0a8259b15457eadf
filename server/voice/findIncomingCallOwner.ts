/**
 * Who an incoming call is for (issue 10): the agent holding the called number in the Twilio
 * account the webhook names (findAgentByAccountAndNumber: the pair is unique in the instance),
 * if its owner's auth token validates the webhook's signature. When no agent holds the number,
 * the account's owner still answers with a short message, but only for a request Twilio signed
 * with that owner's token: the owner is found among the users whose saved Twilio account it is,
 * by the SID's keyed hash (issue 18: an unknown account used to decrypt every user's settings).
 */
import type { Kysely } from 'kysely';
import type { SecretBox } from '../crypto/SecretBox.js';
import { findAgentByAccountAndNumber } from '../db/phoneAssociations.js';
import type { Database } from '../db/schema.js';
import { getAccountSecrets } from '../settings/accountSecrets.js';
import { usersWithAccountSid } from '../settings/accountSidHashes.js';

export type IncomingCallOwner =
  | { kind: 'agent'; userId: string; agentId: string }
  | { kind: 'no_agent'; userId: string }
  | { kind: 'unknown' };

const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;

interface Deps {
  db: Kysely<Database>;
  secretBox: SecretBox;
}

/** True when `userId`'s saved Twilio account is `accountSid` and its auth token signed the request. */
async function signedByOwner(
  deps: Deps,
  userId: string,
  accountSid: string,
  isSignedWith: (authToken: string) => boolean,
): Promise<boolean> {
  const secrets = await getAccountSecrets(deps.db, deps.secretBox, userId);
  return secrets.twilioAccountSid === accountSid && !!secrets.twilioAuthToken && isSignedWith(secrets.twilioAuthToken);
}

export async function findIncomingCallOwner(
  deps: Deps,
  call: { accountSid: string; to: string },
  isSignedWith: (authToken: string) => boolean,
): Promise<IncomingCallOwner> {
  if (!ACCOUNT_SID.test(call.accountSid)) return { kind: 'unknown' };
  const agent = await findAgentByAccountAndNumber(deps.db, call.accountSid, call.to);
  if (agent) {
    const signed = await signedByOwner(deps, agent.user_id, call.accountSid, isSignedWith);
    return signed ? { kind: 'agent', userId: agent.user_id, agentId: agent.id } : { kind: 'unknown' };
  }
  for (const userId of await usersWithAccountSid(deps.db, deps.secretBox, call.accountSid)) {
    if (await signedByOwner(deps, userId, call.accountSid, isSignedWith)) return { kind: 'no_agent', userId };
  }
  return { kind: 'unknown' };
}

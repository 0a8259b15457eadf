/**
 * Who an incoming call is for (issue 10): the agent holding the called number in the Twilio
 * account the webhook names, whose owner's auth token validates the webhook's signature. When no
 * agent holds the number, the account's owner (found the same way) still gets to answer with
 * a short message, but only for a request Twilio signed.
 *
 * Account SIDs are stored encrypted per user, so they are compared after decryption, among the
 * few agents holding the number. TODO(issue 7): when the instance-wide unique (account SID,
 * number) pair lands with `findAgentByAccountAndNumber`, the agent lookup becomes that query.
 */
import type { Kysely } from 'kysely';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import { getAccountSecrets } from '../settings/accountSecrets.js';

export type IncomingCallOwner =
  | { kind: 'agent'; userId: string; agentId: string }
  | { kind: 'no_agent'; userId: string }
  | { kind: 'unknown' };

const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;

interface Deps {
  db: Kysely<Database>;
  secretBox: SecretBox;
}

/** The user whose saved Twilio account is `accountSid` and whose auth token signed the request. */
async function signingOwner(deps: Deps, userIds: readonly string[], accountSid: string, isSignedWith: (authToken: string) => boolean): Promise<string | null> {
  for (const userId of userIds) {
    const secrets = await getAccountSecrets(deps.db, deps.secretBox, userId);
    if (secrets.twilioAccountSid === accountSid && secrets.twilioAuthToken && isSignedWith(secrets.twilioAuthToken)) return userId;
  }
  return null;
}

export async function findIncomingCallOwner(
  deps: Deps,
  call: { accountSid: string; to: string },
  isSignedWith: (authToken: string) => boolean,
): Promise<IncomingCallOwner> {
  if (!ACCOUNT_SID.test(call.accountSid)) return { kind: 'unknown' };
  const holders = await deps.db.selectFrom('agents').select(['id', 'user_id']).where('phone_number', '=', call.to).execute();
  const holderOwner = await signingOwner(deps, [...new Set(holders.map((h) => h.user_id))], call.accountSid, isSignedWith);
  if (holderOwner) {
    const agent = holders.find((h) => h.user_id === holderOwner)!;
    return { kind: 'agent', userId: holderOwner, agentId: agent.id };
  }
  const accounts = await deps.db.selectFrom('account_settings').select('user_id').where('twilio_account_sid', 'is not', null).execute();
  const owner = await signingOwner(deps, accounts.map((a) => a.user_id), call.accountSid, isSignedWith);
  return owner ? { kind: 'no_agent', userId: owner } : { kind: 'unknown' };
}

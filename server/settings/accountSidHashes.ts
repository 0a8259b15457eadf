/**
 * Finding the users of a Twilio account SID (issue 18). SIDs are stored encrypted; a keyed hash
 * of each is kept beside it (migration 014), so the incoming-call webhook of an account nobody
 * here uses costs one index seek instead of decrypting every user's settings on every request.
 */
import type { Kysely } from 'kysely';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import { findSettingsWithoutSidHash, findUsersByAccountSidHash, setAccountSidHash } from '../db/settings.js';
import { accountSidHash, openAccountSid } from './accountSecrets.js';

/** The users who saved `accountSid` in Settings. */
export function usersWithAccountSid(db: Kysely<Database>, secretBox: SecretBox, accountSid: string): Promise<string[]> {
  return findUsersByAccountSidHash(db, accountSidHash(secretBox, accountSid));
}

/**
 * Start-up: gives the SIDs saved before migration 014 their hash (the migration has no key to
 * compute it). After the first start there is nothing left to fill, except SIDs sealed with
 * another key, which nobody can use anyway. Returns how many it filled.
 */
export async function fillAccountSidHashes(db: Kysely<Database>, secretBox: SecretBox): Promise<number> {
  let filled = 0;
  for (const row of await findSettingsWithoutSidHash(db)) {
    const sid = openAccountSid(secretBox, row.user_id, row.twilio_account_sid);
    if (sid === null) continue;
    await setAccountSidHash(db, row.user_id, row.twilio_account_sid, accountSidHash(secretBox, sid));
    filled += 1;
  }
  return filled;
}

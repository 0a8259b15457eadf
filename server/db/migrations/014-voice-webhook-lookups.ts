/**
 * Lookups the Twilio webhooks make on every call (issue 18):
 *
 * - `account_settings.twilio_account_sid_hash`: a keyed hash of the plain account SID
 *   (SecretBox.lookupHash), indexed, so an incoming call's account is found without decrypting
 *   every user's settings. The key lives outside the database, so this migration cannot compute
 *   it: rows saved before it are filled once at start-up (settings/accountSidHashes.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_settings').addColumn('twilio_account_sid_hash', 'text').execute();
  await db.schema.createIndex('account_settings_sid_hash_idx').on('account_settings').column('twilio_account_sid_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('account_settings_sid_hash_idx').execute();
  await db.schema.alterTable('account_settings').dropColumn('twilio_account_sid_hash').execute();
}

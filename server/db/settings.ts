import type { Kysely } from 'kysely';
import { Precompiled } from './precompiled.js';
import type { AccountSettingsTable, Database } from './schema.js';

export type SettingsRecord = AccountSettingsTable;
/** Stored (encrypted) values, and the account SID's lookup hash, by column; a column left out keeps its value. */
export type SettingsColumns = Partial<
  Pick<SettingsRecord, 'openai_api_key' | 'twilio_account_sid' | 'twilio_auth_token' | 'twilio_account_sid_hash'>
>;

const SETTINGS_OF_USER = new Precompiled(1, (db, userId: string) =>
  db.selectFrom('account_settings').selectAll().where('user_id', '=', userId),
);

export async function findSettings(db: Kysely<Database>, userId: string): Promise<SettingsRecord | undefined> {
  return SETTINGS_OF_USER.first(db, userId);
}

export async function upsertSettings(
  db: Kysely<Database>,
  userId: string,
  columns: SettingsColumns,
  now: number,
): Promise<void> {
  await db
    .insertInto('account_settings')
    .values({
      user_id: userId,
      openai_api_key: columns.openai_api_key ?? null,
      twilio_account_sid: columns.twilio_account_sid ?? null,
      twilio_auth_token: columns.twilio_auth_token ?? null,
      twilio_account_sid_hash: columns.twilio_account_sid_hash ?? null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...columns, updated_at: now }))
    .execute();
}

export async function deleteSettings(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('account_settings').where('user_id', '=', userId).execute();
}

/** The users whose saved account SID has this lookup hash (an index seek, see migration 014). */
export async function findUsersByAccountSidHash(db: Kysely<Database>, hash: string): Promise<string[]> {
  const rows = await db
    .selectFrom('account_settings')
    .select('user_id')
    .where('twilio_account_sid_hash', '=', hash)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Settings with an account SID but no lookup hash yet (saved before migration 014), with that SID's ciphertext. */
export async function findSettingsWithoutSidHash(
  db: Kysely<Database>,
): Promise<Array<{ user_id: string; twilio_account_sid: string }>> {
  const rows = await db
    .selectFrom('account_settings')
    .select(['user_id', 'twilio_account_sid'])
    .where('twilio_account_sid', 'is not', null)
    .where('twilio_account_sid_hash', 'is', null)
    .execute();
  return rows.flatMap((row) =>
    row.twilio_account_sid ? [{ user_id: row.user_id, twilio_account_sid: row.twilio_account_sid }] : [],
  );
}

/** Stores the lookup hash unless the SID changed since `sealedSid` was read. */
export async function setAccountSidHash(
  db: Kysely<Database>,
  userId: string,
  sealedSid: string,
  hash: string,
): Promise<void> {
  await db
    .updateTable('account_settings')
    .set({ twilio_account_sid_hash: hash })
    .where('user_id', '=', userId)
    .where('twilio_account_sid', '=', sealedSid)
    .execute();
}

import type { Kysely } from 'kysely';
import { Precompiled } from './precompiled.js';
import type { AccountSettingsTable, Database } from './schema.js';

export type SettingsRecord = AccountSettingsTable;
/** Stored (encrypted) values by column; a column left out keeps its value. */
export type SettingsColumns = Partial<Pick<SettingsRecord, 'openai_api_key' | 'twilio_account_sid' | 'twilio_auth_token'>>;

const SETTINGS_OF_USER = new Precompiled(1, (db, userId: string) => db.selectFrom('account_settings').selectAll().where('user_id', '=', userId));

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
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...columns, updated_at: now }))
    .execute();
}

export async function deleteSettings(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('account_settings').where('user_id', '=', userId).execute();
}

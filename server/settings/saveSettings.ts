/**
 * PUT, reset and DELETE of the account settings (spec part 2 §7) as use cases the routes call. A
 * save is checked with the providers afterwards and answers a check per changed card (issue 18);
 * a refusal does not undo the save (routes/settings.ts says why).
 */
import type { Kysely } from 'kysely';
import type { SettingsResponse } from '../../shared/types/api.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import { deleteSettings } from '../db/settings.js';
import { getAccountSecrets, type SecretColumn, updateAccountSecrets } from './accountSecrets.js';
import { type CredentialCheckConfig, checkSavedCredentials } from './checkCredentials.js';

export interface SettingsServices {
  db: Kysely<Database>;
  secretBox: SecretBox;
  checks: CredentialCheckConfig;
}

export type SettingsChanges = Partial<Record<SecretColumn, string | null>>;

export async function saveSettings(
  services: SettingsServices,
  userId: string,
  changes: SettingsChanges,
  now: number,
): Promise<SettingsResponse> {
  const { db, secretBox } = services;
  const settings = await updateAccountSecrets(db, secretBox, userId, changes, now);
  const changed = {
    openai: 'openai_api_key' in changes,
    twilio: 'twilio_account_sid' in changes || 'twilio_auth_token' in changes,
  };
  const checks = await checkSavedCredentials(services.checks, await getAccountSecrets(db, secretBox, userId), changed);
  return { success: true, settings, checks };
}

/** Clears the three secrets, keeping the row. */
export async function resetSettings(
  services: Pick<SettingsServices, 'db' | 'secretBox'>,
  userId: string,
  now: number,
): Promise<SettingsResponse> {
  const changes = { openai_api_key: null, twilio_account_sid: null, twilio_auth_token: null };
  return { success: true, settings: await updateAccountSecrets(services.db, services.secretBox, userId, changes, now) };
}

export async function deleteAccountSettings(db: Kysely<Database>, userId: string): Promise<void> {
  await deleteSettings(db, userId);
}

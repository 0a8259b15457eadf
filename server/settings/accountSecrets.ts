/**
 * Account integration secrets (spec part 2 §3): stored encrypted per column, answered masked.
 * Later steps (Twilio, OpenAI) read them decrypted through getAccountSecrets.
 */
import type { Kysely } from 'kysely';
import type { AccountSettings, SettingKey } from '../../shared/types/settings.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import { findSettings, type SettingsColumns, type SettingsRecord, upsertSettings } from '../db/settings.js';
import type { SettingsViews } from './SettingsViews.js';

/** The encrypted columns (the account SID's lookup hash is derived, never entered). */
export type SecretColumn = Exclude<keyof SettingsColumns, 'twilio_account_sid_hash'>;

/** Wire name → column, in display order. */
export const SETTING_COLUMNS: Record<SettingKey, SecretColumn> = {
  OPENAI_API_KEY: 'openai_api_key',
  TWILIO_ACCOUNT_SID: 'twilio_account_sid',
  TWILIO_AUTH_TOKEN: 'twilio_auth_token',
};

/** SecretBox.lookupHash purpose of the Twilio account SID (account_settings.twilio_account_sid_hash). */
const ACCOUNT_SID_LOOKUP = 'twilio-account-sid';

/** The keyed hash an account SID is found by, without decrypting anyone's settings. */
export function accountSidHash(secretBox: SecretBox, accountSid: string): string {
  return secretBox.lookupHash(ACCOUNT_SID_LOOKUP, accountSid);
}

/** Values shown masked; the account SID identifies the account and is shown as is. */
const MASKED: ReadonlySet<SecretColumn> = new Set(['openai_api_key', 'twilio_auth_token']);

export interface AccountSecrets {
  openaiApiKey: string | null;
  twilioAccountSid: string | null;
  twilioAuthToken: string | null;
}

type PlainColumns = Record<SecretColumn, string | null>;

const associatedData = (userId: string, column: SecretColumn) => `${userId}:${column}`;

/** '••••••••abcd': the last four characters only, and none of a short value. */
export function maskSecret(value: string): string {
  return `••••••••${value.length > 8 ? value.slice(-4) : ''}`;
}

function decryptColumns(secretBox: SecretBox, userId: string, row: SettingsRecord | undefined): PlainColumns {
  const open = (column: SecretColumn): string | null => {
    const sealed = row?.[column];
    if (!sealed) return null;
    try {
      return secretBox.decrypt(sealed, associatedData(userId, column));
    } catch {
      // Sealed with another key (or damaged): treat as unset so the user can enter it again.
      return null;
    }
  };
  return {
    openai_api_key: open('openai_api_key'),
    twilio_account_sid: open('twilio_account_sid'),
    twilio_auth_token: open('twilio_auth_token'),
  };
}

async function readPlain(db: Kysely<Database>, secretBox: SecretBox, userId: string): Promise<PlainColumns> {
  return decryptColumns(secretBox, userId, await findSettings(db, userId));
}

/** The plain account SID sealed in `sealed` for `userId`; null when it cannot be opened (another key). */
export function openAccountSid(secretBox: SecretBox, userId: string, sealed: string): string | null {
  try {
    return secretBox.decrypt(sealed, associatedData(userId, 'twilio_account_sid'));
  } catch {
    return null;
  }
}

/** The user's secrets, decrypted; null for each one unset. */
export async function getAccountSecrets(
  db: Kysely<Database>,
  secretBox: SecretBox,
  userId: string,
): Promise<AccountSecrets> {
  const plain = await readPlain(db, secretBox, userId);
  return {
    openaiApiKey: plain.openai_api_key,
    twilioAccountSid: plain.twilio_account_sid,
    twilioAuthToken: plain.twilio_auth_token,
  };
}

function toView(plain: PlainColumns): AccountSettings {
  const view: AccountSettings = {};
  for (const [key, column] of Object.entries(SETTING_COLUMNS) as Array<[SettingKey, SecretColumn]>) {
    const value = plain[column];
    view[key] = value === null ? null : MASKED.has(column) ? maskSecret(value) : value;
  }
  return view;
}

/** The settings answer: upper-case keys, secrets masked, null when unset; decrypted only when `views` has not seen these values. */
export async function readSettingsView(
  db: Kysely<Database>,
  secretBox: SecretBox,
  userId: string,
  views: SettingsViews,
): Promise<Readonly<AccountSettings>> {
  const row = await findSettings(db, userId);
  return views.view(userId, row, () => toView(decryptColumns(secretBox, userId, row)));
}

/**
 * Applies changes (null or '' clears a value). A value equal to what GET shows for it (the
 * masked form) is the console sending back what it was given, so the stored value stays.
 */
export async function updateAccountSecrets(
  db: Kysely<Database>,
  secretBox: SecretBox,
  userId: string,
  changes: Partial<Record<SecretColumn, string | null>>,
  now: number,
): Promise<AccountSettings> {
  const current = await readPlain(db, secretBox, userId);
  const shown = toView(current);
  const columns: SettingsColumns = {};
  for (const [key, column] of Object.entries(SETTING_COLUMNS) as Array<[SettingKey, SecretColumn]>) {
    if (!(column in changes)) continue;
    const value = changes[column]?.trim() ?? '';
    if (value !== '' && value === shown[key]) continue;
    columns[column] = value === '' ? null : secretBox.encrypt(value, associatedData(userId, column));
    current[column] = value === '' ? null : value;
    if (column === 'twilio_account_sid')
      columns.twilio_account_sid_hash = value === '' ? null : accountSidHash(secretBox, value);
  }
  if (Object.keys(columns).length > 0) await upsertSettings(db, userId, columns, now);
  return toView(current);
}

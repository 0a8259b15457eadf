/**
 * Account integration settings (spec part 2 §3). The server answers with upper-case keys and
 * masked secrets; either casing is accepted when read back.
 */
export interface AccountSettings {
  TWILIO_ACCOUNT_SID?: string | null;
  TWILIO_AUTH_TOKEN?: string | null;
  OPENAI_API_KEY?: string | null;
  twilio_account_sid?: string | null;
  twilio_auth_token?: string | null;
  openai_api_key?: string | null;
}

/** PUT /accounts/settings body: only the fields present are changed. */
export interface AccountSettingsInput {
  twilio_account_sid?: string;
  twilio_auth_token?: string;
  openai_api_key?: string;
}

/** The three setting names in display order. */
export const SETTING_KEYS = ['OPENAI_API_KEY', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Reads one setting from an answer in either casing. */
export function readSetting(settings: AccountSettings | null | undefined, key: SettingKey): string {
  if (!settings) return '';
  const lower = key.toLowerCase() as Lowercase<SettingKey>;
  return settings[key] ?? settings[lower] ?? '';
}

/**
 * What the provider said when Save checked a card's credentials (issue 18): `connected` with the
 * account's name, `rejected` with the provider's reason (saved all the same), or `unchecked` when
 * it could not be asked (down, slow, half the credentials missing). `message` is for people.
 */
export interface CredentialCheck {
  state: 'connected' | 'rejected' | 'unchecked';
  message: string;
}

/** The two credential cards of Settings. */
export type CredentialCard = 'openai' | 'twilio';

/** PUT /accounts/settings: a check for each card whose values the request changed and left set. */
export type CredentialChecks = Partial<Record<CredentialCard, CredentialCheck>>;

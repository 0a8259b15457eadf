/**
 * Table types of the Kysely query layer. Timestamps are integer milliseconds, ids are UUID text.
 * Later steps add their tables here (agents, tools, custom values…) next to a migration.
 */
export interface UsersTable {
  id: string;
  username: string;
  email: string | null;
  password_hash: string;
  role: string;
  /** Bumped by a password change so every access token issued before it stops working. */
  token_version: number;
  created_at: number;
  updated_at: number;
}

export interface RefreshTokensTable {
  id: string;
  /** All tokens rotated from one sign-in share a family; replay of a used one revokes it. */
  family_id: string;
  user_id: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface AccountSettingsTable {
  user_id: string;
  /** AES-256-GCM ciphertexts (see server/crypto/SecretBox.ts); null when unset. */
  openai_api_key: string | null;
  twilio_account_sid: string | null;
  twilio_auth_token: string | null;
  updated_at: number;
}

export interface AuditLogTable {
  id: string;
  actor_id: string;
  target_id: string;
  method: string;
  path: string;
  created_at: number;
}

export interface ToolsTable {
  id: string;
  user_id: string;
  name: string;
  description: string;
  type: string;
  /** JSON text of the tool's JSON-schema parameters object. */
  parameters: string;
  handler_code: string;
  created_at: number;
  updated_at: number;
}

/** One named string per (user_id, name). */
export interface CustomValuesTable {
  user_id: string;
  name: string;
  value: string;
  created_at: number;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  account_settings: AccountSettingsTable;
  audit_log: AuditLogTable;
  tools: ToolsTable;
  custom_values: CustomValuesTable;
}

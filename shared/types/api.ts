/** Answer shapes of the API (spec part 1 §7, part 2 §7). */

import type { PhoneAssociation, PhoneNumberEntry } from './agent.js';
import type { CallOperator, CallSession } from './session.js';
import type { AccountSettings, CredentialChecks } from './settings.js';
import type { CustomValue } from './tool.js';
import type { AuthUser, Role, User } from './user.js';

export interface SuccessResponse {
  success: boolean;
  message?: string;
}

export interface LoginRequest {
  username: string;
  password: string;
}
export interface LoginResponse {
  success: boolean;
  user: AuthUser;
  accessToken: string;
  error?: string;
}
export interface RefreshResponse {
  success: boolean;
  accessToken: string;
  error?: string;
}
export interface LogoutResponse {
  success: boolean;
  message: string;
  disconnectedConnections: number;
}

export interface SettingsResponse {
  success: boolean;
  settings: AccountSettings;
  error?: string;
  checks?: CredentialChecks;
}
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}
/** A password change revokes every earlier token; the answer carries this session's new one. */
export interface ChangePasswordResponse extends SuccessResponse {
  accessToken?: string;
}
export interface ChangeEmailRequest {
  newEmail: string;
}

export interface UsersResponse {
  success: boolean;
  users: User[];
  error?: string;
}
export interface UserResponse {
  success: boolean;
  user: User;
}
export interface CreateUserRequest {
  username: string;
  email: string;
  password: string;
  role: Role;
}
export interface UpdateUserRequest {
  username?: string;
  email?: string;
  role?: Role;
}

export interface PhoneNumbersResponse {
  success: boolean;
  phoneNumbers: PhoneNumberEntry[];
}
export interface AssociationsResponse {
  success: boolean;
  associations: PhoneAssociation[];
}
/** The association stands even when pointing the Twilio number at this server failed; `warning` says why. */
export interface AssociateResponse extends SuccessResponse {
  warning?: string;
}
export interface MakeCallRequest {
  phoneNumber: string;
  agentId: string;
}
export interface MakeCallResponse {
  success: boolean;
  callSid?: string;
  message?: string;
}

export interface ActiveSessionsResponse {
  success: boolean;
  sessions: CallSession[];
}
export interface EndedSessionsQuery {
  limit?: number;
  offset?: number;
  order?: 'desc' | 'asc';
}

export interface CustomValuesResponse {
  success: boolean;
  customValues: CustomValue[];
  error?: string;
}

export interface HealthResponse {
  status: 'ok';
  uptimeSeconds: number;
}

/** POST /api/sessions/take-over and /hand-back (issue 23): who holds the call now (null: its agent). */
export interface CallOperatorResponse extends SuccessResponse {
  operator: CallOperator | null;
}

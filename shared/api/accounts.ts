import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  RefreshResponse,
  SettingsResponse,
  SuccessResponse,
} from '../types/api.js';
import type { AccountSettingsInput } from '../types/settings.js';
import type { Request } from './request.js';

/** Sign-in, session and account settings calls (spec part 1 §7, part 2 §7). */
export function accountsApi(request: Request) {
  return {
    login: (body: LoginRequest) => request<LoginResponse>('POST', '/accounts/login', { body, refreshOn401: false }),
    refreshToken: () => request<RefreshResponse>('POST', '/accounts/refresh-token', { refreshOn401: false }),
    logout: () => request<LogoutResponse>('POST', '/accounts/logout', { refreshOn401: false }),
    getSettings: () => request<SettingsResponse>('GET', '/accounts/settings'),
    saveSettings: (body: AccountSettingsInput) => request<SettingsResponse>('PUT', '/accounts/settings', { body }),
    resetSettings: () => request<SettingsResponse>('POST', '/accounts/settings/reset'),
    deleteSettings: () => request<SuccessResponse>('DELETE', '/accounts/settings'),
    changePassword: (body: ChangePasswordRequest) =>
      request<ChangePasswordResponse>('POST', '/accounts/change-password', { body }),
    changeEmail: (body: ChangeEmailRequest) => request<SuccessResponse>('POST', '/accounts/change-email', { body }),
  };
}

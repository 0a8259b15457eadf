/**
 * The requests tests of sign-in sessions make: is the access token still accepted, does the
 * refresh cookie still rotate, and the password change that ends the other sessions.
 */
import type { TestApp } from './serverApp.js';

/** GET /api/accounts/settings with this bearer token: 200 while the access token is good, else 401. */
export const settingsWith = (t: TestApp, accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/accounts/settings', headers: t.auth(accessToken) });

/** POST /api/accounts/refresh-token with this refresh cookie. */
export const refreshWith = (t: TestApp, refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/accounts/refresh-token', cookies: { sb_refresh: refreshToken } });

/** POST /api/accounts/change-password as the holder of this access token. */
export const changePasswordWith = (t: TestApp, accessToken: string, currentPassword: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/change-password',
    headers: t.auth(accessToken),
    payload: { currentPassword, newPassword },
  });

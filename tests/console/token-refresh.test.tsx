import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/defaults.js';
import { failure } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderConsole, USER } from '../helpers/consoleRender.js';

const SETTINGS = { success: true, settings: { OPENAI_API_KEY: '••••abcd' } };

describe('token refresh through the console client', () => {
  it('refreshes once on a 401, stores the new token and retries with it', async () => {
    const app = renderConsole({
      path: '/settings',
      session: { user: USER, token: 'old' },
      routes: {
        'GET /accounts/settings': (call) =>
          call.headers.authorization === 'Bearer new' ? { body: SETTINGS } : failure(401, 'Token expired'),
        'POST /accounts/refresh-token': { body: { success: true, accessToken: 'new' } },
      },
    });
    expect(((await screen.findByLabelText('OpenAI API Key')) as HTMLInputElement).value).toBe('••••abcd');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new');
    expect(app.fake.callsTo('POST /accounts/refresh-token')).toHaveLength(1);
    expect(app.location()).toBe('/settings');
  });

  it('a failed refresh clears token, user and impersonation and goes to /login', async () => {
    const app = renderConsole({
      path: '/settings',
      session: { user: ADMIN, impersonating: USER },
      routes: {
        'GET /accounts/settings': failure(401, 'Token expired'),
        'POST /accounts/refresh-token': failure(401, 'Refresh token revoked'),
      },
    });
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.impersonation)).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPERSONATE_HEADER } from '../../shared/defaults.js';
import { type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderAsUser, renderConsole, USER } from '../helpers/consoleRender.js';

const MASKED = {
  OPENAI_API_KEY: '••••••••abcd',
  TWILIO_ACCOUNT_SID: 'AC••••••1234',
  twilio_auth_token: '••••••••wxyz',
};

function routes(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /accounts/settings': { body: { success: true, settings: MASKED } },
    'PUT /accounts/settings': { body: { success: true, settings: MASKED } },
    ...extra,
  };
}

describe('settings page', () => {
  it('shows the masked values (either key casing) and enables Save only after a change', async () => {
    const app = renderAsUser('/settings', routes());
    const key = (await screen.findByLabelText('OpenAI API Key')) as HTMLInputElement;
    expect(key.value).toBe('••••••••abcd');
    expect((screen.getByLabelText('Account SID') as HTMLInputElement).value).toBe('AC••••••1234');
    expect((screen.getByLabelText('Auth Token') as HTMLInputElement).value).toBe('••••••••wxyz');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await app.user.clear(key);
    await app.user.type(key, 'sk-new');
    expect(save.disabled).toBe(false);

    await app.user.click(save);
    expect(await screen.findByText('Account settings saved successfully!')).toBeTruthy();
    expect(app.fake.callsTo('PUT /accounts/settings')[0]?.body).toEqual({ openai_api_key: 'sk-new' });
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('has show/hide toggles with accessible labels on secret fields', async () => {
    const app = renderAsUser('/settings', routes());
    const key = (await screen.findByLabelText('OpenAI API Key')) as HTMLInputElement;
    expect(key.type).toBe('password');
    await app.user.click(screen.getByRole('button', { name: 'Show OpenAI API Key' }));
    expect(key.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide OpenAI API Key' })).toBeTruthy();
  });

  it("shows 'Failed to load account settings' when loading fails without a server text", async () => {
    renderAsUser('/settings', { 'GET /accounts/settings': { status: 500 } });
    expect(await screen.findByText('Failed to load account settings')).toBeTruthy();
  });

  it('prefers the server text when saving fails', async () => {
    const app = renderAsUser(
      '/settings',
      routes({
        'PUT /accounts/settings': failure(400, 'Invalid OpenAI key format'),
      }),
    );
    const key = await screen.findByLabelText('OpenAI API Key');
    await app.user.type(key, 'x');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid OpenAI key format')).toBeTruthy();
  });

  it("asks for confirmation before deleting a card's credentials", async () => {
    const app = renderAsUser('/settings', routes());
    await screen.findByLabelText('OpenAI API Key');
    // Each card has its own Delete (issue 18), named for what it deletes.
    await app.user.click(screen.getByRole('button', { name: 'Delete Twilio credentials' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Twilio credentials' });
    expect(app.fake.callsTo('PUT /accounts/settings')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Twilio credentials deleted')).toBeTruthy();
    expect(app.fake.callsTo('PUT /accounts/settings').map((call) => call.body)).toEqual([
      { twilio_account_sid: '', twilio_auth_token: '' },
    ]);
  });

  it('while impersonating: banner shown, password and email hidden, calls act for that user', async () => {
    const app = renderConsole({ path: '/settings', session: { user: ADMIN, impersonating: USER }, routes: routes() });
    await screen.findByLabelText('OpenAI API Key');
    expect(
      screen.getByText('You are viewing the settings of bob. Changes will be saved to their account.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Change Password' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Change Email Address' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'OpenAI Configuration' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Twilio Configuration' })).toBeTruthy();
    const headers = app.fake.callsTo('GET /accounts/settings')[0]?.headers ?? {};
    expect(headers[IMPERSONATE_HEADER.toLowerCase()]).toBe(USER.id);
  });
});

describe('change password', () => {
  async function open() {
    const app = renderAsUser(
      '/settings',
      routes({
        'POST /accounts/change-password': { body: { success: true, accessToken: 'token-after-change' } },
      }),
    );
    await screen.findByRole('heading', { name: 'Change Password' });
    const section = screen.getByRole('form', { name: 'Change password' });
    const submit = () => app.user.click(within(section).getByRole('button', { name: 'Change Password' }));
    return { app, section, submit };
  }

  it('validates: all required, confirmation must match, at least 6 characters', async () => {
    const { app, section, submit } = await open();
    await submit();
    expect(within(section).getByRole('alert').textContent).toBe('All password fields are required');

    await app.user.type(within(section).getByLabelText(/^Current Password/), 'oldpass');
    await app.user.type(within(section).getByLabelText(/^New Password/), 'abc');
    await app.user.type(within(section).getByLabelText(/^Confirm New Password/), 'abd');
    await submit();
    expect(within(section).getByRole('alert').textContent).toBe('New password and confirmation do not match');

    await app.user.clear(within(section).getByLabelText(/^Confirm New Password/));
    await app.user.type(within(section).getByLabelText(/^Confirm New Password/), 'abc');
    await submit();
    expect(within(section).getByRole('alert').textContent).toBe('New password must be at least 6 characters long');
    expect(app.fake.callsTo('POST /accounts/change-password')).toHaveLength(0);
  });

  it('sends current and new password and confirms', async () => {
    const { app, section, submit } = await open();
    await app.user.type(within(section).getByLabelText(/^Current Password/), 'oldpass');
    await app.user.type(within(section).getByLabelText(/^New Password/), 'newpass1');
    await app.user.type(within(section).getByLabelText(/^Confirm New Password/), 'newpass1');
    await submit();
    expect(await screen.findByText('Password changed successfully!')).toBeTruthy();
    expect(app.fake.callsTo('POST /accounts/change-password')[0]?.body).toEqual({
      currentPassword: 'oldpass',
      newPassword: 'newpass1',
    });
    // Earlier tokens are revoked by the server; the session continues on the one it returned.
    expect(localStorage.getItem('auth_token')).toBe('token-after-change');
  });
});

describe('change email', () => {
  it('validates and sends the new email', async () => {
    const app = renderAsUser('/settings', routes({ 'POST /accounts/change-email': { body: { success: true } } }));
    await screen.findByRole('heading', { name: 'Change Email Address' });
    const section = screen.getByRole('form', { name: 'Change email address' });
    const submit = () => app.user.click(within(section).getByRole('button', { name: 'Change Email' }));
    await submit();
    expect(within(section).getByRole('alert').textContent).toBe('New email is required');
    await app.user.type(within(section).getByLabelText(/^New Email/), 'not-an-email');
    await submit();
    expect(within(section).getByRole('alert').textContent).toBe('Please enter a valid email address');
    await app.user.clear(within(section).getByLabelText(/^New Email/));
    await app.user.type(within(section).getByLabelText(/^New Email/), 'bob@example.org');
    await submit();
    expect(await screen.findByText('Email changed successfully!')).toBeTruthy();
    expect(app.fake.callsTo('POST /accounts/change-email')[0]?.body).toEqual({ newEmail: 'bob@example.org' });
  });
});

/**
 * Issue 18: each credential card shows what the provider said when Save checked it, and has a
 * Delete of its own that says what it deletes and is off while the card holds nothing; Reset asks
 * first and is off while nothing is saved.
 */

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountSettings, CredentialChecks } from '../../shared/types/settings.js';
import type { FakeRoutes } from '../helpers/consoleFakeApi.js';
import { renderAsUser } from '../helpers/consoleRender.js';

const ONLY_OPENAI: AccountSettings = {
  OPENAI_API_KEY: '••••••••abcd',
  TWILIO_ACCOUNT_SID: null,
  TWILIO_AUTH_TOKEN: null,
};
const NOTHING: AccountSettings = { OPENAI_API_KEY: null, TWILIO_ACCOUNT_SID: null, TWILIO_AUTH_TOKEN: null };

function open(settings: AccountSettings, extra: FakeRoutes = {}) {
  return renderAsUser('/settings', { 'GET /accounts/settings': { body: { success: true, settings } }, ...extra });
}

const card = (name: string) => screen.getByRole('region', { name });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('settings: credential cards', () => {
  it('shows on each card what its provider said when Save checked it, until that card is edited', async () => {
    const checks: CredentialChecks = {
      openai: { state: 'connected', message: 'Connected: acme-org' },
      twilio: { state: 'rejected', message: 'Saved, but Twilio refused these credentials: Authenticate.' },
    };
    const app = open(NOTHING, { 'PUT /accounts/settings': { body: { success: true, settings: NOTHING, checks } } });
    await app.user.type(await screen.findByLabelText('OpenAI API Key'), 'sk-new-key-0123');
    await app.user.type(screen.getByLabelText('Account SID'), 'AC123');
    await app.user.type(screen.getByLabelText('Auth Token'), 'wrong');
    await app.user.click(button('Save'));

    const openai = card('OpenAI Configuration');
    const twilio = card('Twilio Configuration');
    expect((await within(openai).findByRole('status')).textContent).toBe('Connected: acme-org');
    expect(within(twilio).getByRole('status').textContent).toBe(
      'Saved, but Twilio refused these credentials: Authenticate.',
    );
    expect(await screen.findByText('Account settings saved successfully!')).toBeTruthy();

    await app.user.type(screen.getByLabelText('Auth Token'), '-fixed');
    expect(within(twilio).getByRole('status').textContent).toBe('');
    expect(within(openai).getByRole('status').textContent).toBe('Connected: acme-org');
  });

  it('gives each card its own Delete, off while the card holds nothing, saying what it deletes', async () => {
    const app = open(ONLY_OPENAI, { 'PUT /accounts/settings': { body: { success: true, settings: NOTHING } } });
    await screen.findByLabelText('OpenAI API Key');
    const twilioDelete = within(card('Twilio Configuration')).getByRole('button', {
      name: 'Delete Twilio credentials',
    }) as HTMLButtonElement;
    expect(twilioDelete.textContent).toBe('Delete');
    expect(twilioDelete.disabled).toBe(true);
    expect(within(card('Twilio Configuration')).getByText('No Twilio credentials saved yet.')).toBeTruthy();
    expect(
      within(card('OpenAI Configuration')).getByText('Delete removes the saved OpenAI API key from your account.'),
    ).toBeTruthy();

    await app.user.click(button('Delete OpenAI API key'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete OpenAI API key' });
    expect(dialog.textContent).toContain('The saved OpenAI API key will be removed from your account.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('OpenAI API key deleted')).toBeTruthy();
    expect(app.fake.callsTo('PUT /accounts/settings')[0]?.body).toEqual({ openai_api_key: '' });
    // Nothing left to delete: focus goes to the card's field, not to a disabled button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('OpenAI API Key')));
  });

  it('keeps Reset off while nothing is saved, and asks before clearing both cards', async () => {
    const empty = open(NOTHING);
    await screen.findByLabelText('OpenAI API Key');
    expect(button('Reset').disabled).toBe(true);
    expect(button('Delete OpenAI API key').disabled).toBe(true);
    empty.unmount();

    const app = open(ONLY_OPENAI, { 'POST /accounts/settings/reset': { body: { success: true, settings: NOTHING } } });
    await screen.findByLabelText('OpenAI API Key');
    await app.user.click(button('Reset'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset Account Settings' });
    expect(app.fake.callsTo('POST /accounts/settings/reset')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Account settings reset to defaults!')).toBeTruthy();
    expect(app.fake.callsTo('POST /accounts/settings/reset')).toHaveLength(1);
  });
});

/**
 * Settings → API keys (issue 22): the effective user's keys with what tells them apart and when
 * each was last used; Create asks for a name, scope and optional expiry and shows the new key
 * once, with Copy and a clear "you won't see it again"; Revoke asks first. Loading, empty and
 * failed states, keyboard use, and impersonation (list and revoke, no create).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPERSONATE_HEADER } from '../../shared/defaults.js';
import type { ApiKey } from '../../shared/types/apiKey.js';
import { deferred, type FakeRoutes } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderAsUser, renderConsole, USER } from '../helpers/consoleRender.js';

const NOTHING = { OPENAI_API_KEY: null, TWILIO_ACCOUNT_SID: null, TWILIO_AUTH_TOKEN: null };
const CRM: ApiKey = {
  id: 'key-1',
  name: 'CRM sync',
  scope: 'full',
  prefix: 'sb_AbCdEfGh',
  createdAt: Date.UTC(2026, 9, 1, 9),
  expiresAt: null,
  lastUsedAt: Date.UTC(2026, 10, 20, 14, 5),
};
const REPORTS: ApiKey = {
  ...CRM,
  id: 'key-2',
  name: 'Reports',
  scope: 'read',
  prefix: 'sb_ZyXwVuTs',
  lastUsedAt: null,
};
const NEW_KEY = `sb_${'k'.repeat(43)}`;

function routes(keys: ApiKey[], extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /accounts/settings': { body: { success: true, settings: NOTHING } },
    'GET /accounts/api-keys': { body: { success: true, apiKeys: keys } },
    ...extra,
  };
}

const card = () => screen.getByRole('region', { name: 'API keys' });

describe('settings: API keys card', () => {
  it('lists each key with its name, scope, prefix, dates and last use', async () => {
    renderAsUser('/settings', routes([CRM, REPORTS]));
    const list = await within(await screen.findByRole('region', { name: 'API keys' })).findByRole('list', {
      name: 'API keys',
    });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('CRM sync');
    expect(rows[0]!.textContent).toContain('Full access');
    expect(rows[0]!.textContent).toContain('sb_AbCdEfGh…');
    expect(rows[0]!.textContent).toContain('Expires never');
    expect(rows[0]!.textContent).not.toContain('Last used never');
    expect(rows[1]!.textContent).toContain('Read-only');
    expect(rows[1]!.textContent).toContain('Last used never');
    expect(within(card()).getByText('Last used is updated at most once a minute.')).toBeTruthy();
  });

  it('shows loading, then the empty state', async () => {
    const answer = deferred<{ body: unknown }>();
    renderAsUser('/settings', routes([], { 'GET /accounts/api-keys': () => answer.promise }));
    expect(
      await within(await screen.findByRole('region', { name: 'API keys' })).findByText('Loading API keys...'),
    ).toBeTruthy();
    answer.resolve({ body: { success: true, apiKeys: [] } });
    expect(await within(card()).findByText('No API keys yet.')).toBeTruthy();
  });

  it("shows the server's words when the list fails, and Retry loads it again", async () => {
    let fail = true;
    const app = renderAsUser(
      '/settings',
      routes([], {
        'GET /accounts/api-keys': () =>
          fail
            ? {
                status: 503,
                body: { success: false, error: 'The database is unavailable', code: 'database_unavailable' },
              }
            : { body: { success: true, apiKeys: [CRM] } },
      }),
    );
    expect(
      (await within(await screen.findByRole('region', { name: 'API keys' })).findByRole('alert')).textContent,
    ).toBe('The database is unavailable');
    fail = false;
    await app.user.click(within(card()).getByRole('button', { name: 'Retry' }));
    expect(await within(card()).findByText('CRM sync')).toBeTruthy();
  });

  it('creates a key with the keyboard and shows it once, with Copy and a clear warning', async () => {
    const keys: ApiKey[] = [];
    const created: ApiKey = { ...REPORTS, id: 'key-new', name: 'Zapier', scope: 'full', prefix: 'sb_kkkkkkkk' };
    const app = renderAsUser(
      '/settings',
      routes(keys, {
        'GET /accounts/api-keys': () => ({ body: { success: true, apiKeys: keys } }),
        'POST /accounts/api-keys': () => {
          keys.push(created);
          return { status: 201, body: { success: true, apiKey: created, key: NEW_KEY } };
        },
      }),
    );
    await within(await screen.findByRole('region', { name: 'API keys' })).findByText('No API keys yet.');
    const open = within(card()).getByRole('button', { name: 'Create API key' });
    open.focus();
    await app.user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    // An empty name is caught before anything is sent.
    await app.user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(app.fake.callsTo('POST /accounts/api-keys')).toHaveLength(0);

    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Zapier');
    await app.user.click(within(dialog).getByRole('combobox', { name: 'Access' }));
    await app.user.click(await screen.findByRole('option', { name: 'Full access' }));
    await app.user.click(within(dialog).getByRole('combobox', { name: 'Expires' }));
    await app.user.click(await screen.findByRole('option', { name: 'In 30 days' }));
    const before = Date.now();
    await app.user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'API key created' });
    expect(within(shown).getByLabelText('New API key').textContent).toBe(NEW_KEY);
    expect(
      within(shown).getByText("Copy this key now and keep it somewhere safe. You won't see it again."),
    ).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeTruthy();
    const body = app.fake.callsTo('POST /accounts/api-keys')[0]?.body as {
      name: string;
      scope: string;
      expiresAt: number;
    };
    expect(body).toMatchObject({ name: 'Zapier', scope: 'full' });
    expect(body.expiresAt).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
    expect(body.expiresAt).toBeLessThan(Date.now() + 30 * 86_400_000 + 1);

    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(NEW_KEY);
    expect(await within(card()).findByText('Zapier')).toBeTruthy();
  });

  it("shows the server's refusal inside the dialog", async () => {
    const app = renderAsUser(
      '/settings',
      routes([], {
        'POST /accounts/api-keys': {
          status: 400,
          body: { success: false, error: 'name: must be at most 100 characters long', code: 'validation_failed' },
        },
      }),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Too long');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('name: must be at most 100 characters long');
  });

  it('revokes a key after asking, and the list no longer has it', async () => {
    let keys = [CRM, REPORTS];
    const app = renderAsUser(
      '/settings',
      routes(keys, {
        'GET /accounts/api-keys': () => ({ body: { success: true, apiKeys: keys } }),
        'DELETE /accounts/api-keys/key-1': () => {
          keys = [REPORTS];
          return { body: { success: true, message: 'API key revoked' } };
        },
      }),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Revoke CRM sync' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke CRM sync' });
    expect(confirm.textContent).toContain('Requests with this key are refused from now on');
    expect(app.fake.callsTo('DELETE /accounts/api-keys/key-1')).toHaveLength(0);
    await app.user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API key revoked')).toBeTruthy();
    await waitFor(() => expect(within(card()).queryByText('CRM sync')).toBeNull());
    expect(app.fake.callsTo('DELETE /accounts/api-keys/key-1')).toHaveLength(1);
  });

  it("while impersonating: lists the user's keys, and Create is off saying why", async () => {
    const app = renderConsole({
      path: '/settings',
      session: { user: ADMIN, impersonating: USER },
      routes: routes([CRM]),
    });
    expect(await within(await screen.findByRole('region', { name: 'API keys' })).findByText('CRM sync')).toBeTruthy();
    expect((within(card()).getByRole('button', { name: 'Create API key' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card()).getByText('API keys cannot be created while impersonating.')).toBeTruthy();
    const headers = app.fake.callsTo('GET /accounts/api-keys')[0]?.headers ?? {};
    expect(headers[IMPERSONATE_HEADER.toLowerCase()]).toBe(USER.id);
  });
});

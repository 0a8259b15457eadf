/**
 * Issue 7, finding 11: closing a dialog (Escape, Cancel, submit) gives focus back to the control
 * that opened it, never to <body>. Playwright proves the same in a real browser
 * (tests/e2e/a11y-focus.spec.ts); these cover each dialog quickly.
 */

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/types/user.js';
import type { FakeRoutes } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderAsUser, renderConsole } from '../helpers/consoleRender.js';
import { detailRoutes, makeAgent, SALES } from './agents-fixtures.js';

type App = ReturnType<typeof renderConsole>;

async function expectFocusBackOn(button: HTMLElement): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(button));
}

/**
 * Opens the dialog from `opener` and closes it with Escape, then its Cancel (or `cancel`) button,
 * then (when given) its submit, checking after each that focus is back on the opener.
 */
async function closeEachWay(
  app: App,
  opener: HTMLElement,
  name: string,
  options: { role?: 'dialog' | 'alertdialog'; cancel?: string; submit?: (dialog: HTMLElement) => Promise<void> } = {},
): Promise<void> {
  const open = async () => {
    opener.focus();
    await app.user.click(opener);
    return screen.findByRole(options.role ?? 'dialog', { name });
  };
  await open();
  await app.user.keyboard('{Escape}');
  await expectFocusBackOn(opener);
  await app.user.click(within(await open()).getByRole('button', { name: options.cancel ?? 'Cancel' }));
  await expectFocusBackOn(opener);
  if (options.submit) {
    await options.submit(await open());
    await expectFocusBackOn(opener);
  }
}

describe('focus returns to the opener', () => {
  it('New Agent: after Escape, Cancel and Create', async () => {
    const app = renderAsUser('/agents', {
      'GET /agents': { body: [SALES] },
      'POST /agents': { status: 201, body: makeAgent({ id: 'a9', name: 'Desk' }) },
    });
    await closeEachWay(app, await screen.findByRole('button', { name: 'New Agent' }), 'Create New Agent', {
      submit: (dialog) => app.user.type(within(dialog).getByLabelText(/^Agent Name/), 'Desk{Enter}'),
    });
  });

  it('Call: after Escape, Cancel and Call', async () => {
    const agent = makeAgent({ id: 'a2', name: 'Sales Bot', phoneNumber: '+14155550111' });
    const app = renderAsUser(
      '/agents/a2',
      detailRoutes(agent, { 'POST /twilio/make-call': { body: { success: true, callSid: 'CA1' } } }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Sales Bot' });
    await closeEachWay(app, screen.getByRole('button', { name: 'Call' }), 'Call with Sales Bot', {
      submit: (dialog) => app.user.type(within(dialog).getByLabelText('Phone number to call'), '+15551234567{Enter}'),
    });
  });

  describe('admin dialogs', () => {
    const users: User[] = [
      { id: '1', username: 'alice', email: 'alice@example.com', role: 'admin', created_at: 1_700_000_000_000 },
      { id: '2', username: 'bob', email: 'bob@example.com', role: 'user', created_at: 1_700_000_000_000 },
      { id: '3', username: 'carol', email: 'carol@example.com', role: 'user', created_at: 1_700_000_000_000 },
    ];
    const routes = (): FakeRoutes => ({
      'GET /accounts/admin/users': { body: { success: true, users } },
      'POST /accounts/admin/users': { status: 201, body: { success: true, user: users[2] } },
      'PUT /accounts/admin/users/2': { body: { success: true, user: users[1] } },
      'DELETE /accounts/admin/users/3': { body: { success: true } },
    });

    it('Create User: after Escape, Cancel and Create', async () => {
      const app = renderConsole({ path: '/admin', session: { user: ADMIN }, routes: routes() });
      await closeEachWay(app, await screen.findByRole('button', { name: 'Create User' }), 'Create User', {
        submit: async (dialog) => {
          await app.user.type(within(dialog).getByLabelText(/^Username/), 'dave');
          await app.user.type(within(dialog).getByLabelText(/^Email/), 'dave@example.com');
          await app.user.type(within(dialog).getByLabelText(/^Password/), 'secret-pass');
          await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
        },
      });
    });

    it('Edit User: after Escape, Cancel and Save', async () => {
      const app = renderConsole({ path: '/admin', session: { user: ADMIN }, routes: routes() });
      await closeEachWay(app, await screen.findByRole('button', { name: 'Edit bob' }), 'Edit User', {
        submit: (dialog) => app.user.click(within(dialog).getByRole('button', { name: 'Save' })),
      });
    });

    it('Delete User: back to the button after Escape and Cancel; to the page when the row is gone', async () => {
      const app = renderConsole({ path: '/admin', session: { user: ADMIN }, routes: routes() });
      const opener = await screen.findByRole('button', { name: 'Delete carol' });
      await closeEachWay(app, opener, 'Confirm Delete', { role: 'alertdialog' });

      app.fake.routes['GET /accounts/admin/users'] = { body: { success: true, users: users.slice(0, 2) } };
      await app.user.click(opener);
      const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
      await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete carol' })).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
    });
  });

  it('Edit Custom Value: after Escape, Cancel and Save', async () => {
    const app = renderAsUser('/tools?tab=values', {
      'GET /tools': { body: [] },
      'GET /custom-values': { body: { success: true, customValues: [{ name: 'API_KEY', value: 'k' }] } },
      'POST /custom-values': { body: { success: true } },
    });
    await closeEachWay(app, await screen.findByRole('button', { name: 'Edit API_KEY' }), 'Edit Custom Value', {
      submit: (dialog) => app.user.click(within(dialog).getByRole('button', { name: 'Save' })),
    });
  });

  it('Settings Delete: after Escape and Cancel; after Delete, to the emptied card (its Delete is off then)', async () => {
    const twilio = { TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: '••••••••wxyz' };
    const app = renderAsUser('/settings', {
      'GET /accounts/settings': { body: { success: true, settings: twilio } },
      'PUT /accounts/settings': { body: { success: true, settings: {} } },
    });
    await screen.findByLabelText('OpenAI API Key');
    const opener = screen.getByRole('button', { name: 'Delete Twilio credentials' });
    await closeEachWay(app, opener, 'Delete Twilio credentials', { role: 'alertdialog' });
    await app.user.click(opener);
    await app.user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Twilio credentials' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Account SID')));
    expect(app.fake.callsTo('PUT /accounts/settings')).toHaveLength(1);
  });

  it('menu drawer: after Escape and Close menu', async () => {
    const app = renderAsUser('/agents', { 'GET /agents': { body: [] } });
    await closeEachWay(app, await screen.findByRole('button', { name: 'Open menu' }), 'Menu', { cancel: 'Close menu' });
  });
});

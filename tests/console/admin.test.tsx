import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/defaults.js';
import type { User } from '../../shared/types/user.js';
import { type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderConsole } from '../helpers/consoleRender.js';

const USERS: User[] = [
  { id: '0', username: 'root', email: 'root@example.com', role: 'superadmin', created_at: 1_700_000_000_000 },
  { id: '1', username: 'alice', email: 'alice@example.com', role: 'admin', created_at: '1700000000000' },
  { id: '2', username: 'bob', email: 'bob@example.com', role: 'user', created_at: -5 },
];

function routes(extra: FakeRoutes = {}): FakeRoutes {
  return { 'GET /accounts/admin/users': { body: { success: true, users: USERS } }, ...extra };
}

function row(username: string): HTMLElement {
  const cell = screen.getAllByRole('rowheader').find((c) => c.textContent?.startsWith(username));
  return cell!.closest('tr') as HTMLElement;
}

/** The admin page, signed in as the admin alice. */
const openAdmin = (routes: FakeRoutes) => renderConsole({ path: '/admin', session: { user: ADMIN }, routes });

describe('admin dashboard', () => {
  it('greets the admin and lists users with the table columns', async () => {
    openAdmin(routes());
    expect(await screen.findByText('Welcome, alice')).toBeTruthy();
    await screen.findByRole('table', { name: 'Users' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Username', 'Email', 'Role', 'Created At', 'Actions']);
    expect(within(row('bob')).getByText('Invalid Date')).toBeTruthy();
    expect(within(row('alice')).queryByText('Invalid Date')).toBeNull();
  });

  it("marks the current user 'You' and does not let them impersonate or delete themselves", async () => {
    openAdmin(routes());
    await screen.findByRole('table', { name: 'Users' });
    const me = row('alice');
    expect(within(me).getByText('You')).toBeTruthy();
    expect(within(row('bob')).queryByText('You')).toBeNull();
    expect((within(me).getByRole('button', { name: 'Impersonate alice' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(me).getByRole('button', { name: 'Delete alice' }) as HTMLButtonElement).disabled).toBe(true);
    // An admin does not outrank a superadmin.
    const root = row('root');
    expect((within(root).getByRole('button', { name: 'Impersonate root' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(root).getByRole('button', { name: 'Edit root' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(row('bob')).getByRole('button', { name: 'Impersonate bob' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("shows 'Failed to fetch users' when the list cannot be loaded", async () => {
    openAdmin({ 'GET /accounts/admin/users': { status: 500 } });
    expect(await screen.findByText('Failed to fetch users')).toBeTruthy();
  });

  it('validates the Create User form and offers only the user role', async () => {
    const app = openAdmin(
      routes({ 'POST /accounts/admin/users': { status: 201, body: { success: true, user: USERS[2] } } }),
    );
    await screen.findByRole('table', { name: 'Users' });
    await app.user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await app.user.type(within(dialog).getByLabelText(/^Username/), 'carol');
    await app.user.type(within(dialog).getByLabelText(/^Password/), '   ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Username, email and password are required');
    expect(app.fake.callsTo('POST /accounts/admin/users')).toHaveLength(0);
    expect(within(dialog).getByRole('combobox', { name: 'Role' }).textContent).toBe('user');

    await app.user.type(within(dialog).getByLabelText(/^Email/), 'carol@example.com');
    await app.user.clear(within(dialog).getByLabelText(/^Password/));
    await app.user.type(within(dialog).getByLabelText(/^Password/), 'secret1');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create User' })).toBeNull());
    expect(app.fake.callsTo('POST /accounts/admin/users')[0]?.body).toEqual({
      username: 'carol',
      email: 'carol@example.com',
      password: 'secret1',
      role: 'user',
    });
    // The list was reloaded after the change.
    await waitFor(() => expect(app.fake.callsTo('GET /accounts/admin/users').length).toBeGreaterThan(1));
  });

  it('shows the server text when creating fails', async () => {
    const app = openAdmin(
      routes({
        'POST /accounts/admin/users': failure(409, 'Username already exists'),
      }),
    );
    await screen.findByRole('table', { name: 'Users' });
    await app.user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await app.user.type(within(dialog).getByLabelText(/^Username/), 'bob');
    await app.user.type(within(dialog).getByLabelText(/^Email/), 'b@example.com');
    await app.user.type(within(dialog).getByLabelText(/^Password/), 'secret1');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Username already exists');
  });

  it('impersonating stores the state, shows the banner and stopping returns to /admin', async () => {
    const app = openAdmin(routes());
    await screen.findByRole('table', { name: 'Users' });
    await app.user.click(within(row('bob')).getByRole('button', { name: 'Impersonate bob' }));

    await waitFor(() => expect(app.location()).toBe('/agents'));
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.impersonation)!);
    expect(stored).toMatchObject({
      originalUser: { id: '1', username: 'alice' },
      impersonatedUser: { id: '2', username: 'bob' },
    });
    const banner = screen.getByRole('region', { name: 'Impersonation' });
    expect(within(banner).getByText('Impersonating: bob')).toBeTruthy();

    await app.user.click(within(banner).getByRole('button', { name: 'Stop Impersonating' }));
    await waitFor(() => expect(app.location()).toBe('/admin'));
    expect(localStorage.getItem(STORAGE_KEYS.impersonation)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
  });

  it('edits and deletes a user after confirmation', async () => {
    const app = openAdmin(
      routes({
        'PUT /accounts/admin/users/2': { body: { success: true, user: USERS[2] } },
        'DELETE /accounts/admin/users/2': { body: { success: true } },
      }),
    );
    await screen.findByRole('table', { name: 'Users' });
    await app.user.click(within(row('bob')).getByRole('button', { name: 'Edit bob' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit User' });
    const name = within(edit).getByLabelText(/^Username/);
    await app.user.clear(name);
    await app.user.type(name, 'robert');
    await app.user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).toBeNull());
    expect(app.fake.callsTo('PUT /accounts/admin/users/2')[0]?.body).toEqual({
      username: 'robert',
      email: 'bob@example.com',
    });

    await app.user.click(within(row('bob')).getByRole('button', { name: 'Delete bob' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.fake.callsTo('DELETE /accounts/admin/users/2')).toHaveLength(1));
  });
});

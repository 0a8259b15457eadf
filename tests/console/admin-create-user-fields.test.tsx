/**
 * Issue 18: Create User shows each problem at its field (the server's too, when it names the
 * field), shows the password rule, and says who needs an email.
 */

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/types/user.js';
import type { FakeRoutes } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderConsole } from '../helpers/consoleRender.js';

const USERS: User[] = [
  { id: '0', username: 'root', email: null, role: 'superadmin', created_at: 1_700_000_000_000 },
  { id: '1', username: 'alice', email: 'alice@example.com', role: 'admin', created_at: 1_700_000_000_000 },
];

async function openDialog(extra: FakeRoutes = {}) {
  const app = renderConsole({
    path: '/admin',
    session: { user: ADMIN },
    routes: { 'GET /accounts/admin/users': { body: { success: true, users: USERS } }, ...extra },
  });
  await screen.findByRole('table', { name: 'Users' });
  await app.user.click(screen.getByRole('button', { name: 'Create User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create User' });
  const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
  /** What is read after the field's name: its hint or its error. */
  const said = (label: string) =>
    document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent ?? '';
  const create = () => app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
  return { app, dialog, field, said, create };
}

describe('Create User: errors at their fields', () => {
  it('shows the password rule and who needs an email before anything is typed', async () => {
    const { said } = await openDialog();
    expect(said('Password')).toBe('At least 6 characters.');
    expect(said('Email')).toBe(
      'Required for every user an admin adds or edits. Only the first admin, set up when the server starts, may have none.',
    );
  });

  it('marks each blank field, sums them up in the spec text, and focuses the first', async () => {
    const { app, dialog, field, said, create } = await openDialog();
    await app.user.type(field('Email'), 'carol@example.com');
    await create();
    expect(within(dialog).getByRole('alert').textContent).toBe('Username, email and password are required');
    expect(said('Username')).toBe('Username is required');
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
    expect(said('Password')).toBe('Password is required');
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field('Username')));
    // Typing clears that field's error.
    await app.user.type(field('Username'), 'carol');
    expect(field('Username').getAttribute('aria-invalid')).toBeNull();
    expect(app.fake.callsTo('POST /accounts/admin/users')).toHaveLength(0);
  });

  it('checks the address and the password length at their fields before sending', async () => {
    const { app, dialog, field, said, create } = await openDialog();
    await app.user.type(field('Username'), 'carol');
    await app.user.type(field('Email'), 'carol-at-example');
    await app.user.type(field('Password'), '12345');
    await create();
    expect(said('Email')).toBe('Please enter a valid email address');
    expect(said('Password')).toBe('Password must be at least 6 characters long');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(app.fake.callsTo('POST /accounts/admin/users')).toHaveLength(0);
  });

  it("puts the server's refusal at the field it names", async () => {
    const { app, dialog, field, said, create } = await openDialog({
      'POST /accounts/admin/users': {
        status: 409,
        body: { success: false, error: 'Username already exists', code: 'conflict', details: { field: 'username' } },
      },
    });
    await app.user.type(field('Username'), 'alice');
    await app.user.type(field('Email'), 'a2@example.com');
    await app.user.type(field('Password'), 'secret1');
    await create();
    await waitFor(() => expect(said('Username')).toBe('Username already exists'));
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

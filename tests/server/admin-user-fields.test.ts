/**
 * Issue 18: Create User answers name the field they are about (`details.field`), so the dialog
 * shows each at its field; and every user an admin creates or edits has an email. The first
 * superadmin, made at start-up without one, is the only user without.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../../server/db/users.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp, uniqueName } from '../helpers/serverApp.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser({ role: 'admin' });
  token = (await t.login(admin.username, admin.password)).accessToken;
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: t.auth(token), payload });
const create = (fields: Record<string, unknown>) =>
  call('POST', '/api/accounts/admin/users', {
    username: uniqueName('new'),
    email: 'new@example.org',
    password: 'secret-123',
    role: 'user',
    ...fields,
  });

describe('Create User answers name their field', () => {
  it.each([
    ['a blank username', { username: ' ' }, 'username', 'Username, email and password are required'],
    ['a missing email', { email: undefined }, 'email', 'Username, email and password are required'],
    ['a blank password', { password: '   ' }, 'password', 'Username, email and password are required'],
    ['a bad email', { email: 'nope' }, 'email', 'Please enter a valid email address'],
    ['a short password', { password: '12345' }, 'password', 'Password must be at least 6 characters long'],
    ['a username with a control character', { username: 'a\u0007b' }, 'username', expect.any(String)],
  ])('%s: 400 at %s', async (_name, fields, field, error) => {
    const response = await create(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, code: 'bad_request', details: { field } });
  });

  it('a taken username: 409 at username', async () => {
    const username = uniqueName('taken');
    expect((await create({ username })).statusCode).toBe(201);
    const response = await create({ username });
    expectApiError(response, 409, {
      error: 'Username already exists',
      code: 'conflict',
      details: { field: 'username' },
    });
  });
});

describe('an email for every user an admin manages', () => {
  it('refuses to clear the email of a user, and says so at the field', async () => {
    const target = await t.createUser();
    for (const email of ['', '  ', null]) {
      const response = await call('PUT', `/api/accounts/admin/users/${target.id}`, { email });
      expectApiError(response, 400, { error: 'Email is required', code: 'bad_request', details: { field: 'email' } });
    }
    expect((await findUserById(t.db, target.id))?.email).toBe(target.email);
  });

  it('takes a user without an email sent back as it is, and lets an admin give them one', async () => {
    const target = await t.createUser({ email: null });
    const renamed = uniqueName('renamed');
    const kept = await call('PUT', `/api/accounts/admin/users/${target.id}`, {
      id: target.id,
      username: renamed,
      email: null,
      role: 'user',
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().user).toMatchObject({ username: renamed, email: null });
    const given = await call('PUT', `/api/accounts/admin/users/${target.id}`, { email: 'found@example.org' });
    expect(given.json().user).toMatchObject({ email: 'found@example.org' });
  });
});

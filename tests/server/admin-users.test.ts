import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSettings } from '../../server/db/settings.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp, type TestUser, uniqueName } from '../helpers/serverApp.js';

let t: TestApp;
let superadmin: TestUser;
let admin: TestUser;
let user: TestUser;
let tokens: Record<'superadmin' | 'admin' | 'user', string>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.createUser({ role: 'superadmin' });
  admin = await t.createUser({ role: 'admin' });
  user = await t.createUser({ role: 'user' });
  tokens = {
    superadmin: (await t.login(superadmin.username, superadmin.password)).accessToken,
    admin: (await t.login(admin.username, admin.password)).accessToken,
    user: (await t.login(user.username, user.password)).accessToken,
  };
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: keyof typeof tokens, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: t.auth(tokens[as]),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The status of PUT /api/accounts/admin/users/{id} as `as`. */
const putStatus = async (id: string, as: keyof typeof tokens, payload: object) =>
  (await call('PUT', `/api/accounts/admin/users/${id}`, as, payload)).statusCode;

const newUser = (fields: Record<string, unknown> = {}) => ({
  username: uniqueName('created'),
  email: 'created@example.org',
  password: 'secret-123',
  role: 'user',
  ...fields,
});

describe('GET /api/accounts/admin/users', () => {
  it('lists every user, superadmins included, for admins', async () => {
    const response = await call('GET', '/api/accounts/admin/users', 'admin');
    expect(response.statusCode).toBe(200);
    const { success, users } = response.json();
    expect(success).toBe(true);
    expect(users.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([superadmin.id, admin.id, user.id]));
    expect(users.find((u: { id: string }) => u.id === user.id)).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      role: 'user',
      created_at: expect.any(Number),
    });
    expect(JSON.stringify(users)).not.toContain('password');
  });

  it('is refused to regular users with 403', async () => {
    const response = await call('GET', '/api/accounts/admin/users', 'user');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'forbidden' });
  });
});

describe('POST /api/accounts/admin/users', () => {
  it('creates a user (201) who can then sign in', async () => {
    const fields = newUser();
    const response = await call('POST', '/api/accounts/admin/users', 'admin', fields);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      user: {
        id: expect.any(String),
        username: fields.username,
        email: fields.email,
        role: 'user',
        created_at: expect.any(Number),
      },
    });
    await expect(t.login(fields.username, fields.password)).resolves.toBeTruthy();
  });

  it('lets only a superadmin create an admin, and nobody a superadmin', async () => {
    expect((await call('POST', '/api/accounts/admin/users', 'admin', newUser({ role: 'admin' }))).statusCode).toBe(403);
    expect((await call('POST', '/api/accounts/admin/users', 'superadmin', newUser({ role: 'admin' }))).statusCode).toBe(
      201,
    );
    expect(
      (await call('POST', '/api/accounts/admin/users', 'superadmin', newUser({ role: 'superadmin' }))).statusCode,
    ).toBe(403);
  });

  it('answers 409 for a taken username', async () => {
    const response = await call('POST', '/api/accounts/admin/users', 'admin', newUser({ username: user.username }));
    expectApiError(response, 409, {
      error: 'Username already exists',
      code: 'conflict',
      details: { field: 'username' },
    });
  });

  it.each([
    ['a blank username', { username: '  ' }, 'Username, email and password are required'],
    ['a missing email', { email: undefined }, 'Username, email and password are required'],
    ['a blank password', { password: '' }, 'Username, email and password are required'],
    ['a short password', { password: '12345' }, 'Password must be at least 6 characters long'],
    ['a bad email', { email: 'nope' }, 'Please enter a valid email address'],
    ['an unknown role', { role: 'owner' }, 'role: must be one of user, admin, superadmin'],
    ['a number as username', { username: 7 }, 'username: must be a string'],
    ['an id', { id: 'chosen-id' }, 'id: is not an accepted field'],
  ])('refuses %s with 400', async (_name, fields, error) => {
    const response = await call('POST', '/api/accounts/admin/users', 'admin', newUser(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error });
  });
});

describe('PUT /api/accounts/admin/users/{id}', () => {
  it('updates username and email of a lower user, accepting the whole user object back', async () => {
    const target = await t.createUser();
    const listed = (await call('GET', '/api/accounts/admin/users', 'admin'))
      .json()
      .users.find((u: { id: string }) => u.id === target.id);
    const renamed = uniqueName('renamed');
    const response = await call('PUT', `/api/accounts/admin/users/${target.id}`, 'admin', {
      ...listed,
      username: renamed,
      email: 'changed@example.org',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: target.id,
      username: renamed,
      email: 'changed@example.org',
      role: 'user',
    });
  });

  it('enforces role rules: strictly lower targets and roles, never oneself', async () => {
    const target = await t.createUser();
    expect(await putStatus(target.id, 'admin', { role: 'admin' })).toBe(403);
    expect(await putStatus(admin.id, 'admin', { username: 'me-again' })).toBe(403);
    expect(await putStatus(superadmin.id, 'admin', { email: 'x@y.zz' })).toBe(403);
    const otherAdmin = await t.createUser({ role: 'admin' });
    expect(await putStatus(otherAdmin.id, 'admin', { email: 'x@y.zz' })).toBe(403);
    expect(await putStatus(superadmin.id, 'superadmin', { role: 'user' })).toBe(403);

    const promoted = await call('PUT', `/api/accounts/admin/users/${target.id}`, 'superadmin', { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user.role).toBe('admin');
    const demoted = await call('PUT', `/api/accounts/admin/users/${target.id}`, 'superadmin', { role: 'user' });
    expect(demoted.json().user.role).toBe('user');
  });

  it('answers 409 for a taken username, 404 for an unknown id and 400 for bad input', async () => {
    const target = await t.createUser();
    expect(await putStatus(target.id, 'admin', { username: user.username })).toBe(409);
    expect(await putStatus('no-such-id', 'admin', { email: 'a@b.cc' })).toBe(404);
    const bad: Array<[unknown, string]> = [
      [{ username: '' }, 'Username cannot be empty or contain control characters'],
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{ role: 5 }, 'role: must be a string'],
      [{ password: 'sneaky-reset' }, 'password: is not an accepted field'],
      [{ id: 'another-id' }, 'id: does not match the user being updated'],
    ];
    for (const [payload, error] of bad) {
      const response = await call('PUT', `/api/accounts/admin/users/${target.id}`, 'admin', payload);
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 400, error });
    }
  });
});

describe('DELETE /api/accounts/admin/users/{id}', () => {
  it('deletes a lower user with their data, and their tokens stop working', async () => {
    const target = await t.createUser();
    const session = await t.login(target.username, target.password);
    await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/settings',
      headers: t.auth(session.accessToken),
      payload: { openai_api_key: 'sk-test-123456789' },
    });
    expect(await findSettings(t.db, target.id)).toBeDefined();

    const response = await call('DELETE', `/api/accounts/admin/users/${target.id}`, 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await findSettings(t.db, target.id)).toBeUndefined();
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/settings',
      headers: t.auth(session.accessToken),
    });
    expect(after.statusCode).toBe(401);
    expect((await call('DELETE', `/api/accounts/admin/users/${target.id}`, 'admin')).statusCode).toBe(404);
  });

  it('never deletes oneself or an equal or higher role', async () => {
    expect((await call('DELETE', `/api/accounts/admin/users/${admin.id}`, 'admin')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/accounts/admin/users/${superadmin.id}`, 'admin')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/accounts/admin/users/${superadmin.id}`, 'superadmin')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/accounts/admin/users/${user.id}`, 'user')).statusCode).toBe(403);
  });
});

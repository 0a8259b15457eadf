/**
 * Look-alike usernames (issue 7, finding 7): the admin routes store names NFKC-normalized, refuse
 * invisible, text-direction and mixed-script names, and keep names unique regardless of case;
 * sign-in finds a user the same way. Tool, agent and custom value names refuse control characters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_ERRORS } from '../../shared/usernames.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser({ role: 'admin' });
  adminToken = (await t.login(admin.username, admin.password)).accessToken;
});
afterAll(() => t.close());

const createUser = (username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/admin/users',
    headers: t.auth(adminToken),
    payload: { username, email: 'someone@example.org', password: 'long-enough-pw' },
  });
const renameUser = (id: string, username: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/accounts/admin/users/${id}`,
    headers: t.auth(adminToken),
    payload: { username },
  });

describe('creating and renaming users', () => {
  it.each([
    ['rt-admin\u200b', USERNAME_ERRORS.invisible],
    ['\u202enimda-tr', USERNAME_ERRORS.invisible],
    ['rt-\u0430dmin', USERNAME_ERRORS.mixedScript],
  ])('refuses %j with 400', async (username, error) => {
    const response = await createUser(username);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, code: 'bad_request', details: { field: 'username' } });
  });

  it('refuses NUL in a name with 400 naming the field (refused in any request body, server/http/nulCharacters.ts)', async () => {
    const response = await createUser('rt\u0000admin');
    expectApiError(response, 400, {
      error: 'username: must not contain control characters (U+0000)',
      code: 'validation_failed',
    });
  });

  it('refuses a case or width variant of an existing name with 409, on create and rename', async () => {
    expect((await createUser('rt-admin')).statusCode).toBe(201);
    for (const variant of ['RT-Admin', 'Ｒｔ－ａｄｍｉｎ']) {
      const response = await createUser(variant);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('Username already exists');
    }
    const other = await createUser('someone-else');
    const renamed = await renameUser(other.json().user.id, 'Rt-Admin');
    expect(renamed.statusCode).toBe(409);
    expect((await renameUser(other.json().user.id, 'rt-\u0430dmin')).statusCode).toBe(400);
  });

  it('stores the NFKC form and lets its owner change only its case', async () => {
    const created = await createUser('Ｍａｒｙ');
    expect(created.json().user.username).toBe('Mary');
    const renamed = await renameUser(created.json().user.id, 'MARY');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.username).toBe('MARY');
  });
});

describe('signing in', () => {
  it('finds the user regardless of case and Unicode form, and throttles those forms together', async () => {
    const user = await t.createUser({ username: 'Grace-Hopper' });
    for (const typed of ['grace-hopper', 'GRACE-HOPPER', 'Ｇｒａｃｅ-Ｈｏｐｐｅｒ']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { username: typed, password: user.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.username).toBe('Grace-Hopper');
    }
    const attempt = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { username, password: 'wrong' },
        remoteAddress: '10.9.0.1',
      });
    for (const typed of ['grace-hopper', 'GRACE-HOPPER', 'Grace-Hopper', 'grace-HOPPER', 'Ｇｒａｃｅ-Ｈｏｐｐｅｒ']) {
      expect((await attempt(typed)).statusCode).toBe(401);
    }
    expect((await attempt('gRaCe-HoPpEr')).statusCode).toBe(429);
  });
});

describe('names of tools, agents and custom values', () => {
  it('refuse control characters, NUL included, with a 400 naming the field', async () => {
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: t.auth(adminToken), payload });
    const tool = await call('POST', '/api/tools', { name: 'get\u0000weather', description: 'd', type: 'string' });
    expect(tool.statusCode).toBe(400);
    expect(tool.json().error).toBe('name: must not contain control characters (U+0000)');
    const agent = await call('POST', '/api/agents', { name: 'Support\u202e' });
    expect(agent.statusCode).toBe(400);
    expect(agent.json().error).toBe('name: must not contain control characters (U+202E)');
    const value = await call('POST', '/api/custom-values', { name: 'API\u0000KEY', value: 'x' });
    expect(value.statusCode).toBe(400);
    expect(value.json().error).toBe('name: must not contain control characters (U+0000)');
  });
});

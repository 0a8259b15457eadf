/**
 * The same migrations and repositories on PostgreSQL, on a throwaway database of
 * SWITCHBOARD_TEST_DATABASE_URL's server (the PostgreSQL pass); skipped without one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../server/db/auditLog.js';
import { findSettings } from '../../server/db/settings.js';
import { createPostgresTestApp, POSTGRES_TEST_URL } from '../helpers/postgresApp.js';
import { refreshCookieOf, type TestApp } from '../helpers/serverApp.js';
import { refreshWith } from '../helpers/sessionRequests.js';

describe.skipIf(!POSTGRES_TEST_URL)('PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createPostgresTestApp('sb_test');
  });

  afterAll(() => t?.close());

  it('signs in, rotates refresh tokens and detects their reuse', async () => {
    const user = await t.createUser();
    const session = await t.login(user.username, user.password);
    const refresh = (token: string) => refreshWith(t, token);
    const next = refreshCookieOf(await refresh(session.refreshToken));
    expect(next).toBeTruthy();
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await refresh(next!)).statusCode).toBe(401);
  });

  it('stores settings, answers 409 for a taken username and cascades a user delete', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const user = await t.createUser();
    const adminToken = (await t.login(admin.username, admin.password)).accessToken;
    const userToken = (await t.login(user.username, user.password)).accessToken;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/settings',
      headers: t.auth(userToken),
      payload: { openai_api_key: 'sk-on-postgres-1234' },
    });
    expect(saved.json().settings.OPENAI_API_KEY).toBe('••••••••1234');

    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/admin/users',
      headers: t.auth(adminToken),
      payload: { username: user.username, email: 'd@example.org', password: 'secret-1', role: 'user' },
    });
    expect(duplicate.statusCode).toBe(409);

    const list = await t.app.inject({ method: 'GET', url: '/api/accounts/admin/users', headers: t.auth(adminToken) });
    expect(typeof list.json().users[0].created_at).toBe('number');

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/accounts/admin/users/${user.id}`,
          headers: t.auth(adminToken),
        })
      ).statusCode,
    ).toBe(200);
    expect(await findSettings(t.db, user.id)).toBeUndefined();
  });

  it('runs the precompiled hot queries: settings, tools, agents and an impersonated request with its audit row', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const user = await t.createUser();
    const adminToken = (await t.login(admin.username, admin.password)).accessToken;
    const userToken = (await t.login(user.username, user.password)).accessToken;
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: t.auth(adminToken, user.id), ...(payload ? { payload } : {}) });
    const tool = {
      description: 'd',
      type: 'function',
      parameters: { type: 'object', properties: {} },
      handler_code: 'async function handler() { return 1; }',
    };
    expect((await as('POST', '/api/tools', { name: 'zeta', ...tool })).statusCode).toBe(201);
    expect((await as('POST', '/api/tools', { name: 'Alpha', ...tool })).statusCode).toBe(201);
    const agent = (await as('POST', '/api/agents', { name: 'Front desk' })).json<{ id: string }>();
    expect((await as('GET', '/api/tools')).json<Array<{ name: string }>>().map((x) => x.name)).toEqual([
      'Alpha',
      'zeta',
    ]);
    expect((await as('GET', '/api/agents')).json<Array<{ id: string }>>().map((x) => x.id)).toEqual([agent.id]);
    expect((await as('GET', `/api/agents/${agent.id}`)).statusCode).toBe(200);
    expect((await as('GET', '/api/accounts/settings')).json()).toMatchObject({ success: true });
    const audited = await listAuditEntries(t.db, admin.id);
    expect(audited).toHaveLength(7);
    expect(audited.every((entry) => entry.actor_id === admin.id && entry.target_id === user.id)).toBe(true);
    expect(audited.map((entry) => `${entry.method} ${entry.path}`)).toContain('GET /api/accounts/settings');
    expect((await t.app.inject({ method: 'GET', url: '/api/tools', headers: t.auth(userToken) })).json()).toHaveLength(
      2,
    );
  });
});

/**
 * API keys (issue 22): a user creates named keys in Settings and drives the API with
 * `Authorization: Bearer sb_…`, with their own rights and no more. The key is shown once and stored
 * hashed; a revoked, expired or unknown key is 401 from the next request; keys never reach admin
 * routes, impersonation or the account's own routes; read-only keys only read; each key has its own
 * rate limit; last use is recorded to the minute. The authorization matrix checks every route with
 * keys too (authorization-matrix.test.ts); another instance seeing a revocation is
 * api-keys-cluster.test.ts.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeysResponse } from '../../shared/types/apiKey.js';
import { API_KEYS_URL, createKeyFor, withKey } from '../helpers/apiKeyCalls.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';
import { listenForSockets, openTestSocket } from '../helpers/serverSocket.js';

let t: TestApp;
let alice: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ config: { apiKeyRateLimit: { max: 5, windowMs: 60_000 } } });
  alice = await t.createUser();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

/** A minute on, so each test starts with fresh rate-limit windows. */
const nextMinute = () => t.clock.advance(61_000);

async function listAs(user: TestUser, impersonate?: string): Promise<ApiKey[]> {
  const { accessToken } = await t.login(user.username, user.password);
  const response = await t.app.inject({ method: 'GET', url: API_KEYS_URL, headers: t.auth(accessToken, impersonate) });
  expect(response.statusCode).toBe(200);
  return response.json<ApiKeysResponse>().apiKeys;
}

describe('creating and listing keys', () => {
  it('shows the key once, lists it by name, scope and prefix only, and stores only its SHA-256', async () => {
    nextMinute();
    const created = await createKeyFor(t, alice, 'full', { name: 'CRM sync' });
    expect(created.key).toMatch(/^sb_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({ name: 'CRM sync', scope: 'full', expiresAt: null, lastUsedAt: null });
    expect(created.key.startsWith(created.apiKey.prefix)).toBe(true);
    expect(created.apiKey.prefix).toHaveLength(11);

    const listed = await listAs(alice);
    const entry = listed.find((key) => key.id === created.apiKey.id);
    expect(entry).toEqual(created.apiKey);
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(11));

    const rows = await t.db.selectFrom('api_keys').selectAll().where('id', '=', created.apiKey.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(11));
  });

  it('answers bad fields with a 400 naming the field', async () => {
    const { accessToken } = await t.login(alice.username, alice.password);
    const create = (payload: object) =>
      t.app.inject({ method: 'POST', url: API_KEYS_URL, headers: t.auth(accessToken), payload });
    const cases: Array<[object, string]> = [
      [{ scope: 'full' }, 'name: is required'],
      [{ name: '   ', scope: 'full' }, 'name: is required'],
      [{ name: 'x'.repeat(101), scope: 'full' }, 'name: must be at most 100 characters long'],
      [{ name: 'Key' }, 'scope: must be one of read, full'],
      [{ name: 'Key', scope: 'admin' }, 'scope: must be one of read, full'],
      [{ name: 'Key', scope: 'read', expiresAt: t.clock.now() - 1 }, 'expiresAt: must be in the future'],
      [
        { name: 'Key', scope: 'read', expiresAt: 8_640_000_000_000_000 },
        'expiresAt: must be at most 10 years ahead, or null for never',
      ],
      [
        { name: 'Key', scope: 'read', expiresAt: '2030-01-01' },
        'expiresAt: must be a time in milliseconds since 1970 (an integer), or null for never',
      ],
    ];
    for (const [payload, error] of cases) {
      expectApiError(await create(payload), 400, { error, code: 'validation_failed' });
    }
  });
});

describe('calling the API with a key', () => {
  it("acts as its owner: the owner's agents, and what it creates is theirs", async () => {
    nextMinute();
    const { key } = await createKeyFor(t, alice, 'full');
    const created = await withKey(t.app, key, 'POST', '/api/agents', { payload: { name: 'Made by a script' } });
    expect(created.statusCode).toBe(201);
    const list = await withKey(t.app, key, 'GET', '/api/agents');
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('Made by a script');
    const owners = await t.db.selectFrom('agents').select('user_id').where('name', '=', 'Made by a script').execute();
    expect(owners).toEqual([{ user_id: alice.id }]);
  });

  it('lets a read-only key read, and refuses it every other method with 403 saying why', async () => {
    nextMinute();
    const { key } = await createKeyFor(t, alice, 'read');
    expect((await withKey(t.app, key, 'GET', '/api/agents')).statusCode).toBe(200);
    expect((await withKey(t.app, key, 'HEAD', '/api/agents')).statusCode).toBe(200);
    const refused = { error: 'This API key is read-only: it can only call GET routes', code: 'forbidden' } as const;
    expectApiError(await withKey(t.app, key, 'POST', '/api/agents', { payload: { name: 'No' } }), 403, refused);
    expectApiError(await withKey(t.app, key, 'DELETE', '/api/tools/anything'), 403, refused);
  });

  it('refuses an unknown, a malformed, a revoked and an expired key with 401', async () => {
    nextMinute();
    expectApiError(await withKey(t.app, `sb_${'A'.repeat(43)}`, 'GET', '/api/agents'), 401, {
      error: 'Invalid API key',
      code: 'unauthorized',
    });
    expectApiError(await withKey(t.app, 'sb_short', 'GET', '/api/agents'), 401, {
      error: 'Invalid API key',
      code: 'unauthorized',
    });

    const expiring = await createKeyFor(t, alice, 'full', { expiresAt: t.clock.now() + 3_600_000 });
    expect((await withKey(t.app, expiring.key, 'GET', '/api/agents')).statusCode).toBe(200);
    t.clock.advance(3_600_000);
    expectApiError(await withKey(t.app, expiring.key, 'GET', '/api/agents'), 401, {
      error: 'This API key has expired',
      code: 'unauthorized',
    });
  });

  it('refuses a key on the very next request after its revocation, though it was just used', async () => {
    nextMinute();
    const { key, apiKey } = await createKeyFor(t, alice, 'full');
    expect((await withKey(t.app, key, 'GET', '/api/agents')).statusCode).toBe(200);
    const { accessToken } = await t.login(alice.username, alice.password);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `${API_KEYS_URL}/${apiKey.id}`,
      headers: t.auth(accessToken),
    });
    expect(revoke.json()).toEqual({ success: true, message: 'API key revoked' });
    expectApiError(await withKey(t.app, key, 'GET', '/api/agents'), 401, {
      error: 'This API key has been revoked',
      code: 'unauthorized',
    });
    expect((await listAs(alice)).map((k) => k.id)).not.toContain(apiKey.id);
    // Revoking it again, or another user's key, finds nothing.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${API_KEYS_URL}/${apiKey.id}`,
      headers: t.auth(accessToken),
    });
    expectApiError(again, 404, { error: 'API key not found', code: 'not_found' });
  });

  it('refuses the key of a deleted user', async () => {
    nextMinute();
    const gone = await t.createUser();
    const { key } = await createKeyFor(t, gone, 'full');
    expect((await withKey(t.app, key, 'GET', '/api/agents')).statusCode).toBe(200);
    const { accessToken } = await t.login(admin.username, admin.password);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/admin/users/${gone.id}`,
      headers: t.auth(accessToken),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await withKey(t.app, key, 'GET', '/api/agents')).statusCode).toBe(401);
  });
});

describe('what keys never reach', () => {
  it("refuses administrator routes even to an administrator's full key", async () => {
    nextMinute();
    const { key } = await createKeyFor(t, admin, 'full');
    expectApiError(await withKey(t.app, key, 'GET', '/api/accounts/admin/users'), 403, {
      error: 'API keys cannot call administrator routes; sign in instead',
      code: 'forbidden',
    });
    // The same key works on the administrator's own data.
    expect((await withKey(t.app, key, 'GET', '/api/agents')).statusCode).toBe(200);
  });

  it('refuses the impersonation header sent with a key, even an administrator’s', async () => {
    nextMinute();
    const { key } = await createKeyFor(t, admin, 'full');
    const headers = { 'x-impersonate-user-id': alice.id };
    expectApiError(await withKey(t.app, key, 'GET', '/api/agents', { headers }), 403, {
      error: 'API keys cannot impersonate users',
      code: 'impersonation_denied',
    });
  });

  it('refuses the account routes: keys, password, email, sign-in session, credentials', async () => {
    nextMinute();
    const { key } = await createKeyFor(t, alice, 'full');
    const refused = {
      error: 'API keys cannot manage the account, its sign-in, credentials or API keys; sign in instead',
      code: 'forbidden',
    } as const;
    expectApiError(await withKey(t.app, key, 'GET', API_KEYS_URL), 403, refused);
    expectApiError(
      await withKey(t.app, key, 'POST', API_KEYS_URL, { payload: { name: 'Another', scope: 'full' } }),
      403,
      refused,
    );
    expectApiError(
      await withKey(t.app, key, 'POST', '/api/accounts/change-password', {
        payload: { currentPassword: alice.password, newPassword: 'taken-over-123' },
      }),
      403,
      refused,
    );
    expectApiError(await withKey(t.app, key, 'GET', '/api/accounts/settings'), 403, refused);
    // Nothing was minted and the password still works.
    await t.login(alice.username, alice.password);
  });

  it('is refused on the WebSocket channels: a key is not an access token there', async () => {
    nextMinute();
    const { key } = await createKeyFor(t, alice, 'full');
    const base = await listenForSockets(t.app);
    const socket = openTestSocket(`${base}/api/frontend?token=${key}`);
    expect(await socket.nextMessage()).toEqual({ type: 'auth.error', error: 'Invalid access token' });
    expect((await socket.closed).code).toBe(4001);
    // The Talk socket too (it places a call with the caller's microphone).
    const talk = openTestSocket(`${base}/api/agents/any/talk`, ['switchboard', `bearer.${key}`]);
    expect((await talk.closed).code).toBe(4001);
  });
});

describe('while impersonating', () => {
  it("an administrator lists and revokes the user's keys, but cannot create one", async () => {
    nextMinute();
    const { apiKey } = await createKeyFor(t, alice, 'read', { name: 'Listed to the admin' });
    expect((await listAs(admin, alice.id)).map((k) => k.id)).toContain(apiKey.id);

    const { accessToken } = await t.login(admin.username, admin.password);
    const headers = t.auth(accessToken, alice.id);
    const create = await t.app.inject({
      method: 'POST',
      url: API_KEYS_URL,
      headers,
      payload: { name: 'Backdoor', scope: 'full' },
    });
    expectApiError(create, 403, {
      error: 'API keys cannot be created while impersonating',
      code: 'impersonation_denied',
    });
    const revoke = await t.app.inject({ method: 'DELETE', url: `${API_KEYS_URL}/${apiKey.id}`, headers });
    expect(revoke.statusCode).toBe(200);
    expect((await listAs(alice)).map((k) => k.id)).not.toContain(apiKey.id);
  });
});

describe('last use and rate limits', () => {
  it('records the last use, written at most once a minute', async () => {
    nextMinute();
    const { key, apiKey } = await createKeyFor(t, alice, 'read');
    const lastUsed = async () => (await listAs(alice)).find((k) => k.id === apiKey.id)?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const firstUse = t.clock.now();
    await withKey(t.app, key, 'GET', '/api/agents');
    expect(await lastUsed()).toBe(firstUse);
    t.clock.advance(30_000);
    await withKey(t.app, key, 'GET', '/api/agents');
    expect(await lastUsed()).toBe(firstUse);
    t.clock.advance(30_000);
    const minuteLater = t.clock.now();
    await withKey(t.app, key, 'GET', '/api/agents');
    expect(await lastUsed()).toBe(minuteLater);
  });

  it('limits each key on its own: a spent key gets 429 with Retry-After, another key of the user goes on', async () => {
    nextMinute();
    const busy = await createKeyFor(t, alice, 'read');
    const calm = await createKeyFor(t, alice, 'read');
    for (let i = 0; i < 5; i++) expect((await withKey(t.app, busy.key, 'GET', '/api/agents')).statusCode).toBe(200);
    const limited = await withKey(t.app, busy.key, 'GET', '/api/agents');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.json<{ error: string }>().error).toMatch(/^Too many requests with this API key/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withKey(t.app, calm.key, 'GET', '/api/agents')).statusCode).toBe(200);
    // The owner's own session is not limited by the key's budget.
    const { accessToken } = await t.login(alice.username, alice.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/agents', headers: t.auth(accessToken) })).statusCode).toBe(
      200,
    );
    t.clock.advance(60_000);
    expect((await withKey(t.app, busy.key, 'GET', '/api/agents')).statusCode).toBe(200);
  });
});

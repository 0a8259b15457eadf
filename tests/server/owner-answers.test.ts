/**
 * Kept answers of GET /api/agents, /api/tools and /api/accounts/settings (server/http/OwnerAnswers.ts):
 * each case first reads, so the answer is kept, then changes something through the API, then
 * checks that the very next read shows the change. The test clock stands still, so a kept answer
 * never ages out by itself here: only the invalidation can make a read see a change. A row
 * changed behind the API's back shows how long an answer is kept: until the max age passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ANSWERS_DEFAULTS } from '../../server/http/OwnerAnswers.js';
import type { Agent } from '../../shared/types/agent.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const superadmin = await t.createUser({ role: 'superadmin' });
  admin = (await t.login(superadmin.username, superadmin.password)).accessToken;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function signedIn() {
  const user = await t.createUser();
  const { accessToken } = await t.login(user.username, user.password);
  const call = (method: Method, url: string, payload?: object, impersonate?: string) =>
    t.app.inject({
      method,
      url,
      headers: t.auth(impersonate ? admin : accessToken, impersonate),
      ...(payload ? { payload } : {}),
    });
  const agents = async () => (await call('GET', '/api/agents')).json<Agent[]>();
  return { user, token: accessToken, call, agents };
}

const tool = (name: string) => ({
  name,
  description: 'Looks something up',
  type: 'function',
  parameters: { type: 'object', properties: {} },
  handler_code: 'async function handler() { return { ok: true }; }',
});

describe('a kept list is read again after the owner', () => {
  it('creates, renames and deletes an agent', async () => {
    const { call, agents } = await signedIn();
    expect(await agents()).toEqual([]);
    const created = (await call('POST', '/api/agents', { name: 'Front desk' })).json<Agent>();
    expect((await agents()).map((agent) => agent.name)).toEqual(['Front desk']);
    expect((await call('PATCH', `/api/agents/${created.id}`, { name: 'Night desk' })).statusCode).toBe(200);
    expect((await agents()).map((agent) => agent.name)).toEqual(['Night desk']);
    expect((await call('DELETE', `/api/agents/${created.id}`)).statusCode).toBe(200);
    expect(await agents()).toEqual([]);
  });

  it('renames or deletes a tool an agent uses (the agents list shows tool names)', async () => {
    const { call, agents } = await signedIn();
    const lookup = (await call('POST', '/api/tools', tool('lookup'))).json<{ id: string }>();
    const agent = (await call('POST', '/api/agents', { name: 'Front desk' })).json<Agent>();
    expect((await call('PATCH', `/api/agents/${agent.id}`, { tools: [lookup.id] })).statusCode).toBe(200);
    expect((await agents())[0]!.tools.map((used) => used.name)).toEqual(['lookup']);
    expect((await call('GET', '/api/tools')).json<Array<{ name: string }>>().map((kept) => kept.name)).toEqual([
      'lookup',
    ]);

    expect((await call('PATCH', `/api/tools/${lookup.id}`, { name: 'find_order' })).statusCode).toBe(200);
    expect((await agents())[0]!.tools.map((used) => used.name)).toEqual(['find_order']);
    expect((await call('GET', '/api/tools')).json<Array<{ name: string }>>().map((kept) => kept.name)).toEqual([
      'find_order',
    ]);

    expect((await call('DELETE', `/api/tools/${lookup.id}`)).statusCode).toBe(200);
    expect((await agents())[0]!.tools).toEqual([]);
    expect((await call('GET', '/api/tools')).json()).toEqual([]);
  });

  it('saves, resets and deletes account settings', async () => {
    const { call } = await signedIn();
    const settings = async () =>
      (await call('GET', '/api/accounts/settings')).json<{ settings: Record<string, string | null> }>().settings;
    expect((await settings()).TWILIO_ACCOUNT_SID).toBeNull();
    expect(
      (await call('PUT', '/api/accounts/settings', { TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef' }))
        .statusCode,
    ).toBe(200);
    expect((await settings()).TWILIO_ACCOUNT_SID).toBe('AC0123456789abcdef0123456789abcdef');
    expect((await call('POST', '/api/accounts/settings/reset')).statusCode).toBe(200);
    expect((await settings()).TWILIO_ACCOUNT_SID).toBeNull();
    expect((await call('PUT', '/api/accounts/settings', { OPENAI_API_KEY: 'sk-test-0123456789' })).statusCode).toBe(
      200,
    );
    expect((await settings()).OPENAI_API_KEY).toBe('••••••••6789');
    expect((await call('DELETE', '/api/accounts/settings')).statusCode).toBe(200);
    expect((await settings()).OPENAI_API_KEY).toBeNull();
  });

  it('or an admin impersonating them changes it', async () => {
    const { user, call, agents } = await signedIn();
    const agent = (await call('POST', '/api/agents', { name: 'Front desk' })).json<Agent>();
    expect((await agents()).map((kept) => kept.name)).toEqual(['Front desk']);
    expect((await call('PATCH', `/api/agents/${agent.id}`, { name: 'Renamed by support' }, user.id)).statusCode).toBe(
      200,
    );
    expect((await agents()).map((kept) => kept.name)).toEqual(['Renamed by support']);
  });

  it('sends a write that fails (it may have changed something before failing)', async () => {
    const { user, call, agents } = await signedIn();
    await call('POST', '/api/agents', { name: 'Front desk' });
    expect((await agents()).map((kept) => kept.name)).toEqual(['Front desk']);
    await t.db.updateTable('agents').set({ name: 'Changed meanwhile' }).where('user_id', '=', user.id).execute();
    expect((await call('PATCH', '/api/agents/no-such-agent', { name: 'x' })).statusCode).toBe(404);
    expect((await agents()).map((kept) => kept.name)).toEqual(['Changed meanwhile']);
  });
});

describe('kept answers', () => {
  it("are one user's own: another user, or an admin reading as themselves, gets their own list", async () => {
    const first = await signedIn();
    const second = await signedIn();
    await first.call('POST', '/api/agents', { name: 'First desk' });
    await second.call('POST', '/api/agents', { name: 'Second desk' });
    expect((await first.agents()).map((agent) => agent.name)).toEqual(['First desk']);
    expect((await second.agents()).map((agent) => agent.name)).toEqual(['Second desk']);
    expect((await t.app.inject({ method: 'GET', url: '/api/agents', headers: t.auth(admin) })).json()).toEqual([]);
    const impersonated = await t.app.inject({
      method: 'GET',
      url: '/api/agents',
      headers: t.auth(admin, first.user.id),
    });
    expect(impersonated.json<Agent[]>().map((agent) => agent.name)).toEqual(['First desk']);
  });

  it('are never served to a request that is not signed in any more', async () => {
    const { token, agents } = await signedIn();
    await agents();
    await t.app.inject({ method: 'POST', url: '/api/accounts/logout', headers: t.auth(token) });
    expect((await t.app.inject({ method: 'GET', url: '/api/agents', headers: t.auth(token) })).statusCode).toBe(401);
  });

  it("are answered like the route itself, and a change behind the API's back shows once the max age has passed", async () => {
    const { user, call, agents } = await signedIn();
    await call('POST', '/api/agents', { name: 'Front desk' });
    const fresh = await call('GET', '/api/agents');
    await t.db.updateTable('agents').set({ name: 'Changed in the database' }).where('user_id', '=', user.id).execute();
    const kept = await call('GET', '/api/agents');
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(kept.body).toBe(fresh.body);
    t.clock.advance(OWNER_ANSWERS_DEFAULTS.maxAgeMs);
    expect((await agents()).map((agent) => agent.name)).toEqual(['Changed in the database']);
  });

  it('are not used for a query string', async () => {
    const { user, call } = await signedIn();
    await call('POST', '/api/agents', { name: 'Front desk' });
    await call('GET', '/api/agents?view=1');
    await t.db.updateTable('agents').set({ name: 'Changed in the database' }).where('user_id', '=', user.id).execute();
    expect((await call('GET', '/api/agents?view=1')).json<Agent[]>().map((agent) => agent.name)).toEqual([
      'Changed in the database',
    ]);
  });
});

/**
 * Tool names, quotas and the owner lock on PostgreSQL (issue 7, findings 6 and 14): the unique
 * index of migration 004, byte counts with octet_length, and concurrent creates that must not
 * pass a quota together across connections of the pool. Runs when SWITCHBOARD_TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTool, toolUsage } from '../../server/db/tools.js';
import { USER_QUOTAS } from '../../shared/limits.js';
import { createPostgresTestApp, POSTGRES_TEST_URL } from '../helpers/postgresApp.js';
import type { TestApp } from '../helpers/serverApp.js';
import { signedInCaller } from '../helpers/signedInCaller.js';
import { toolInput } from '../helpers/toolInput.js';

describe.skipIf(!POSTGRES_TEST_URL)('tools on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createPostgresTestApp('sb_tools');
  });
  afterAll(() => t?.close());

  it('answers 409 for a taken tool name, also when creates race', async () => {
    const me = await signedInCaller(t);
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => me.call('POST', '/api/tools', toolInput('weather'))),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(racing.find((r) => r.statusCode === 409)!.json().error).toBe('name: a tool named "weather" already exists');
  });

  it('counts bytes as UTF-8 and fills the count quota exactly under concurrent creates', async () => {
    const me = await signedInCaller(t);
    await insertTool(t.db, me.user.id, { ...toolInput('euros', '€€'), parameters: { type: 'object' } }, Date.now());
    expect(await toolUsage(t.db, me.user.id)).toEqual({
      count: 1,
      bytes: 6 + JSON.stringify({ type: 'object' }).length,
    });
    for (let i = 1; i < USER_QUOTAS.tools - 3; i += 1)
      await insertTool(t.db, me.user.id, { ...toolInput(`t${i}`), parameters: {} }, Date.now());
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => me.call('POST', '/api/tools', toolInput(`racing ${i}`))),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 403)).toHaveLength(5);
    expect((await toolUsage(t.db, me.user.id)).count).toBe(USER_QUOTAS.tools);
  });

  it('keeps custom value saves of one user in turn under the quota lock', async () => {
    const me = await signedInCaller(t);
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) => me.call('POST', '/api/custom-values', { name: 'SAME', value: String(i) })),
    );
    expect(saves.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
  });
});

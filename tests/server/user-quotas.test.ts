/**
 * Per-user quotas (issue 7, finding 6; shared/limits.ts): tools by count and by bytes of handler
 * code and parameters, custom values and agents. A write past one answers 403 quota_exceeded
 * naming the limit; concurrent writes cannot pass it together; other users are not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgent } from '../../server/db/agents.js';
import { saveCustomValue } from '../../server/db/customValues.js';
import { insertTool } from '../../server/db/tools.js';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { Tool } from '../../shared/types/tool.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type SignedInCaller, signedInCaller } from '../helpers/signedInCaller.js';
import { toolInput } from '../helpers/toolInput.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function withTools(me: SignedInCaller, count: number, handlerCode = ''): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await insertTool(
      t.db,
      me.user.id,
      { ...toolInput(`existing ${i}`, handlerCode), parameters: { type: 'object' } },
      Date.now(),
    );
  }
}

const quotaError = (error: string) => ({ success: false, error, code: 'quota_exceeded' });

describe('tools quota', () => {
  it(`allows ${USER_QUOTAS.tools} tools per user, then answers 403 naming the limit`, async () => {
    const me = await signedInCaller(t);
    await withTools(me, USER_QUOTAS.tools - 1);
    expect((await me.call('POST', '/api/tools', toolInput('last one'))).statusCode).toBe(201);
    const response = await me.call('POST', '/api/tools', toolInput('one too many'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(quotaError('Limit reached: at most 100 tools per user'));
    const other = await signedInCaller(t);
    expect((await other.call('POST', '/api/tools', toolInput('mine'))).statusCode).toBe(201);
  });

  it('lets concurrent creates fill the quota exactly, never past it', async () => {
    const me = await signedInCaller(t);
    await withTools(me, USER_QUOTAS.tools - 3);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => me.call('POST', '/api/tools', toolInput(`racing ${i}`))),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 403)).toHaveLength(7);
    expect((await me.call('GET', '/api/tools')).json<Tool[]>()).toHaveLength(USER_QUOTAS.tools);
  });

  it('bounds the bytes of handler code and parameters of all tools together (5 MB)', async () => {
    const me = await signedInCaller(t);
    // 50 tools of 100 KB of code (the most one tool may have) leave room for one more, not two.
    const block = `// ${'x'.repeat(100 * 1024 - 3)}`;
    await withTools(me, 50, block);
    const nearlyFull = await me.call('POST', '/api/tools', toolInput('fits', block));
    expect(nearlyFull.statusCode).toBe(201);
    const response = await me.call('POST', '/api/tools', toolInput('too big', block));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(
      quotaError('Limit reached: at most 5 MB of tool handler code and parameters per user'),
    );

    // Growing an existing tool past the limit is refused too; shrinking one is always allowed.
    const small = (await me.call('POST', '/api/tools', toolInput('small'))).json<Tool>();
    expect((await me.call('PATCH', `/api/tools/${small.id}`, { handler_code: block })).statusCode).toBe(403);
    const fits = nearlyFull.json<Tool>();
    expect((await me.call('PATCH', `/api/tools/${fits.id}`, { handler_code: '// shorter' })).statusCode).toBe(200);
    expect((await me.call('PATCH', `/api/tools/${fits.id}`, { description: 'Only the text changes' })).statusCode).toBe(
      200,
    );
  });
});

describe('custom values quota', () => {
  it(`allows ${USER_QUOTAS.customValues} values per user; updating an existing one stays allowed`, async () => {
    const me = await signedInCaller(t);
    for (let i = 0; i < USER_QUOTAS.customValues - 1; i += 1)
      await saveCustomValue(t.db, me.user.id, { name: `V${i}`, value: 'x' }, Date.now());
    expect((await me.call('POST', '/api/custom-values', { name: 'LAST', value: '1' })).statusCode).toBe(201);
    const response = await me.call('POST', '/api/custom-values', { name: 'EXTRA', value: '1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(quotaError('Limit reached: at most 200 custom values per user'));
    expect((await me.call('POST', '/api/custom-values', { name: 'LAST', value: '2' })).statusCode).toBe(200);
  });
});

describe('agents quota', () => {
  it(`allows ${USER_QUOTAS.agents} agents per user, also under concurrent creates`, async () => {
    const me = await signedInCaller(t);
    for (let i = 0; i < USER_QUOTAS.agents - 2; i += 1) await insertAgent(t.db, me.user.id, `Agent ${i}`, Date.now());
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => me.call('POST', '/api/agents', { name: `New ${i}` })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = responses.filter((r) => r.statusCode === 403);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json()).toEqual(quotaError('Limit reached: at most 100 agents per user'));
    expect((await me.call('GET', '/api/agents')).json()).toHaveLength(USER_QUOTAS.agents);
  });
});

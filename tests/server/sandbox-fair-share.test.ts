/**
 * One user cannot starve the sandbox (issue 7, finding 4): each owner has at most
 * maxCallsPerOwner calls running and waiting, runs at most poolSize - 1 at once, and waiting
 * owners are served in turn. Assertions are on outcomes and order, never on timings.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, SANDBOX_MESSAGES, type Sandbox, type SandboxResult } from '../../server/sandbox/index.js';
import type { Tool, ToolTestResult } from '../../shared/types/tool.js';
import { NORMAL_CALL } from '../helpers/sandboxHandlers.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedInCaller } from '../helpers/signedInCaller.js';

const NEVER = { code: 'async function handler() { await new Promise(() => {}); }', args: {}, values: {} };

describe('sandbox fair share', () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it("answers another owner's call while one owner floods the pool with calls that never end", async () => {
    sandbox = createSandbox({ poolSize: 2, timeoutMs: 10_000, maxCallsPerOwner: 10 });
    const settled: SandboxResult[] = [];
    const flood = Array.from({ length: 110 }, () =>
      sandbox!.run({ ...NEVER, owner: 'alice' }).then((r) => {
        settled.push(r);
        return r;
      }),
    );
    const bobs = await sandbox.run({ ...NORMAL_CALL, owner: 'bob' });
    expect(bobs).toMatchObject({ success: true, output: { echo: 42 } });
    // Bob was answered while every one of Alice's ten accepted calls was still running or waiting.
    expect(settled).toHaveLength(100);
    expect(settled.every((r) => r.error === SANDBOX_MESSAGES.ownerBusy(10))).toBe(true);
    await sandbox.close();
    const accepted = (await Promise.all(flood)).filter((r) => r.error !== SANDBOX_MESSAGES.ownerBusy(10));
    expect(accepted.map((r) => r.error)).toEqual(Array(10).fill(SANDBOX_MESSAGES.closed));
  });

  it('serves waiting owners in turn, not first come first served', async () => {
    sandbox = createSandbox({ poolSize: 1 });
    await sandbox.run({ ...NORMAL_CALL });
    const order: string[] = [];
    const call = (owner: string) => sandbox!.run({ ...NORMAL_CALL, owner }).then(() => order.push(owner));
    await Promise.all([call('a'), call('a'), call('a'), call('b'), call('c')]);
    expect(order).toEqual(['a', 'b', 'c', 'a', 'a']);
  });

  it("counts calls without an owner as one shared owner's", async () => {
    sandbox = createSandbox({ poolSize: 2, maxCallsPerOwner: 2, timeoutMs: 2000 });
    const running = [sandbox.run(NEVER), sandbox.run(NEVER)];
    expect(await sandbox.run({ ...NORMAL_CALL })).toMatchObject({
      success: false,
      error: SANDBOX_MESSAGES.ownerBusy(2),
    });
    expect(await sandbox.run({ ...NORMAL_CALL, owner: 'someone' })).toMatchObject({ success: true });
    await sandbox.close();
    for (const result of await Promise.all(running)) expect(result.error).toBe(SANDBOX_MESSAGES.closed);
  });
});

describe('POST /api/tools/:id/test during a flood', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sandbox: { timeoutMs: 10_000, workers: 2, memoryMb: 32, callsPerUser: 5 } } });
  });
  afterAll(() => t.close());

  it("answers another user's test run while one user sends 110 runs of a handler that never resolves", async () => {
    const alice = await signedInCaller(t);
    const bob = await signedInCaller(t);
    const tool = (code: string) => ({
      name: 'tool',
      description: 'A tool',
      type: 'string',
      parameters: { type: 'object' },
      handler_code: code,
    });
    const stuck = (await alice.call('POST', '/api/tools', tool(NEVER.code))).json<Tool>();
    const quick = (
      await bob.call('POST', '/api/tools', tool('async function handler() { return "quick"; }'))
    ).json<Tool>();

    let aliceAnswered = 0;
    const flood = Array.from({ length: 110 }, () =>
      alice.call('POST', `/api/tools/${stuck.id}/test`, { args: {} }).then((response) => {
        aliceAnswered += 1;
        return response.json<ToolTestResult>();
      }),
    );
    // The whole flood has reached the sandbox once her 105 extras are refused.
    await vi.waitFor(() => expect(aliceAnswered).toBe(105), { timeout: 15_000 });
    const bobs = (await bob.call('POST', `/api/tools/${quick.id}/test`, { args: {} })).json<ToolTestResult>();
    expect(bobs).toMatchObject({ success: true, output: 'quick' });
    // Her five accepted runs were all still running or waiting when Bob got his answer.
    expect(aliceAnswered).toBe(105);

    await t.app.sandbox.close();
    const results = await Promise.all(flood);
    expect(results.filter((r) => r.error === SANDBOX_MESSAGES.ownerBusy(5))).toHaveLength(105);
    expect(results.filter((r) => r.error === SANDBOX_MESSAGES.closed)).toHaveLength(5);
  });
});

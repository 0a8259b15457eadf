import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../server/sandbox/index.js';
import { handlerOf, NORMAL_CALL } from '../helpers/sandboxHandlers.js';
import { startMainThreadProbe } from '../helpers/sandboxTargets.js';
import { STUCK_CALL } from '../helpers/stuckSandboxCall.js';

// The replacement worker's first call compiles in a cold thread: on a loaded machine that alone can
// outlast the short deadline the stuck call is given, and what is checked here is that it answers.
const SERVES_WITHIN_MS = 5_000;

const LOOP = { code: 'function handler() { for (;;) {} }', args: {}, values: {} };

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('sandbox pool', () => {
  it('keeps the main thread answering HTTP while two infinite loops run', async () => {
    const probe = await startMainThreadProbe();
    sandbox = createSandbox({ poolSize: 2, timeoutMs: 1500 });
    await Promise.all([sandbox.run({ ...NORMAL_CALL }), sandbox.run({ ...NORMAL_CALL })]);

    let loopsDone = 0;
    // Two owners, so both workers run a loop at once (one owner runs at most poolSize - 1 calls).
    const loops = [sandbox.run({ ...LOOP, owner: 'a' }), sandbox.run({ ...LOOP, owner: 'b' })].map((run) =>
      run.finally(() => (loopsDone += 1)),
    );
    for (let i = 0; i < 5; i += 1) {
      expect(await probe.get()).toBe('{"status":"ok"}');
      expect(loopsDone).toBe(0);
    }
    for (const result of await Promise.all(loops)) expect(result.error).toBe('Handler timed out after 1500 ms');
    probe.close();
  });

  it('runs concurrent calls in isolation', async () => {
    sandbox = createSandbox({ poolSize: 2 });
    const code = handlerOf(
      'globalThis.seen = (globalThis.seen || 0) + 1; await Promise.resolve(); return { n: args.n, seen: globalThis.seen, v: values.V };',
    );
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        sandbox!.run({ owner: `user-${n}`, code, args: { n }, values: { V: `user-${n}` } }),
      ),
    );
    expect(results.map((r) => r.output)).toEqual(Array.from({ length: 8 }, (_, n) => ({ n, seen: 1, v: `user-${n}` })));
  });

  it('refuses calls beyond the bounded queue with a clear error', async () => {
    sandbox = createSandbox({ poolSize: 1, maxQueue: 1, timeoutMs: 400 });
    await sandbox.run({ ...NORMAL_CALL });
    const running = sandbox.run(LOOP);
    const queued = sandbox.run({ ...NORMAL_CALL });
    expect(await sandbox.run({ ...NORMAL_CALL })).toMatchObject({
      success: false,
      error: 'The tool sandbox is busy, try again shortly',
    });
    expect((await running).error).toBe('Handler timed out after 400 ms');
    expect((await queued).output).toEqual({ echo: 42 });
  });

  it('terminates and replaces a worker stuck past its deadline', async () => {
    sandbox = createSandbox({ poolSize: 1, timeoutMs: 200, watchdogGraceMs: 300 });
    const stuck = await sandbox.run(STUCK_CALL);
    expect(stuck).toMatchObject({ success: false, error: 'Handler timed out after 200 ms' });
    // With one worker still busy in indexOf for hours, only a replacement can answer this.
    expect(await sandbox.run({ ...NORMAL_CALL, timeoutMs: SERVES_WITHIN_MS })).toMatchObject({
      success: true,
      output: { echo: 42 },
    });
  });

  it('replaces workers after engine limits and keeps serving', async () => {
    sandbox = createSandbox({ poolSize: 1 });
    const bomb = await sandbox.run({
      code: "function handler() { return 'x'.repeat(2 ** 28); }",
      args: {},
      values: {},
    });
    expect(bomb.error).toBe('Handler ran out of memory (limit 32 MB)');
    expect((await sandbox.run({ ...NORMAL_CALL })).output).toEqual({ echo: 42 });
  });

  it('ends running and queued calls on close, and refuses new ones', async () => {
    sandbox = createSandbox({ poolSize: 1, timeoutMs: 5000 });
    await sandbox.run({ ...NORMAL_CALL });
    const running = sandbox.run(LOOP);
    const queued = sandbox.run({ ...NORMAL_CALL });
    await sandbox.close();
    expect((await running).error).toBe('The tool sandbox is shut down');
    expect((await queued).error).toBe('The tool sandbox is shut down');
    expect((await sandbox.run({ ...NORMAL_CALL })).error).toBe('The tool sandbox is shut down');
  });
});

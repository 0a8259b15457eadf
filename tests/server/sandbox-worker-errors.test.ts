/**
 * onWorkerError: the operator hears about every lost worker thread (watchdog kill, crash, thread
 * that cannot start) with a message saying which, while the call involved is answered as usual.
 * Normal runs, engine limits and shutdown say nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSandbox,
  type Sandbox,
  type SandboxFetchOptions,
  SandboxWorkerError,
} from '../../server/sandbox/index.js';
import { SandboxWorker } from '../../server/sandbox/SandboxWorker.js';
import type { SandboxWorkerData } from '../../server/sandbox/workerProtocol.js';
import { NORMAL_CALL } from '../helpers/sandboxHandlers.js';
import { STUCK_CALL } from '../helpers/stuckSandboxCall.js';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

function recorder() {
  const errors: SandboxWorkerError[] = [];
  return { errors, onWorkerError: (error: SandboxWorkerError) => void errors.push(error) };
}

describe('onWorkerError', () => {
  it('reports a watchdog kill once, and the pool keeps serving', async () => {
    const { errors, onWorkerError } = recorder();
    sandbox = createSandbox({ poolSize: 1, timeoutMs: 200, watchdogGraceMs: 300, onWorkerError });
    expect(await sandbox.run(STUCK_CALL)).toMatchObject({ success: false, error: 'Handler timed out after 200 ms' });
    expect(await sandbox.run({ ...NORMAL_CALL })).toMatchObject({ success: true, output: { echo: 42 } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(SandboxWorkerError);
    expect(errors[0]).toMatchObject({
      reason: 'watchdog',
      message: 'Tool sandbox worker killed by the watchdog: a call ran past its 200 ms deadline and 300 ms grace',
    });
  });

  it('says nothing for normal runs, timeouts the guest handles itself, engine limits or close', async () => {
    const { errors, onWorkerError } = recorder();
    sandbox = createSandbox({ poolSize: 1, timeoutMs: 300, onWorkerError });
    await sandbox.run({ ...NORMAL_CALL });
    expect((await sandbox.run({ code: 'function handler() { for (;;) {} }', args: {}, values: {} })).error).toBe(
      'Handler timed out after 300 ms',
    );
    expect(
      (await sandbox.run({ code: "function handler() { return 'x'.repeat(2 ** 28); }", args: {}, values: {} })).error,
    ).toBe('Handler ran out of memory (limit 32 MB)');
    const running = sandbox.run({ code: 'function handler() { for (;;) {} }', args: {}, values: {}, timeoutMs: 5000 });
    await sandbox.close();
    expect((await running).error).toBe('The tool sandbox is shut down');
    expect(errors).toEqual([]);
  });

  it('reports a thread that cannot start, and answers the call', async () => {
    const { errors, onWorkerError } = recorder();
    // A function cannot be copied to a thread: creating the worker throws.
    const fetch = { allow: [() => 'not data'] } as unknown as SandboxFetchOptions;
    sandbox = createSandbox({ poolSize: 1, fetch, onWorkerError });
    expect(await sandbox.run({ ...NORMAL_CALL })).toMatchObject({
      success: false,
      error: 'The tool sandbox failed while running the handler',
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.reason).toBe('start_failed');
    expect(errors[0]!.message).toMatch(/^Tool sandbox worker could not start: .*could not be cloned/);
  });

  it('survives a callback that throws', async () => {
    sandbox = createSandbox({
      poolSize: 1,
      timeoutMs: 200,
      watchdogGraceMs: 200,
      onWorkerError: () => {
        throw new Error('logger down');
      },
    });
    expect((await sandbox.run(STUCK_CALL)).error).toBe('Handler timed out after 200 ms');
    expect(await sandbox.run({ ...NORMAL_CALL })).toMatchObject({ success: true, output: { echo: 42 } });
    // Two worker starts (the stuck one is replaced): on a loaded two-core machine that outlasts 5 s.
  }, 15_000);
});

describe('a crashing worker thread', () => {
  it('is reported as a crash with the thread’s error, once', async () => {
    const failures: SandboxWorkerError[] = [];
    // Start-up data the worker refuses: its entry throws, as any uncaught error in the thread would.
    const broken = {} as SandboxWorkerData;
    const wasReady = await new Promise<boolean>((resolve) => {
      new SandboxWorker(broken, 100, {
        ready: () => resolve(true),
        exit: (_worker, ready) => resolve(ready),
        failed: (error) => void failures.push(error),
      });
    });
    expect(wasReady).toBe(false);
    // The thread's 'exit' event follows its 'error' event and must not report a second time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      reason: 'crashed',
      message: 'Tool sandbox worker crashed: sandbox worker started without its port or limits',
    });
    expect((failures[0]!.cause as Error).message).toBe('sandbox worker started without its port or limits');
  });
});

/**
 * A tool's parameters schema may hold a `pattern` and its arguments come from users or models, so
 * the arguments are checked inside a sandbox worker: a catastrophically backtracking pattern ends
 * at the call's deadline instead of stalling the API's event loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../server/sandbox/index.js';
import { handlerOf, NORMAL_CALL } from '../helpers/sandboxHandlers.js';
import { startMainThreadProbe } from '../helpers/sandboxTargets.js';

// The replacement worker's first call compiles in a cold thread: on a loaded machine that alone can
// outlast the short deadline the stuck call is given, and what is checked here is that it answers.
const SERVES_WITHIN_MS = 5_000;

const TIMEOUT_MS = 300;
const EVIL_PARAMETERS = {
  type: 'object',
  properties: { name: { type: 'string', pattern: '^(a+)+$' } },
  required: ['name'],
};
// Ajv tests the pattern with V8's backtracking engine: about 2^37 steps, hours of one thread.
const EVIL_ARGS = { name: `${'a'.repeat(37)}!` };
const RAN = handlerOf("return 'handler ran';");

let sandbox: Sandbox;
beforeAll(() => {
  sandbox = createSandbox({ poolSize: 1, timeoutMs: TIMEOUT_MS, watchdogGraceMs: 300 });
});
afterAll(() => sandbox.close());

describe('arguments checked in the worker', () => {
  it('runs the handler when the arguments match', async () => {
    const result = await sandbox.run({
      code: RAN,
      args: { name: 'aaa' },
      values: {},
      parameters: JSON.stringify(EVIL_PARAMETERS),
    });
    expect(result).toMatchObject({ success: true, output: 'handler ran' });
  });

  it('refuses mismatching arguments, naming the field, without running the handler', async () => {
    const code = handlerOf("console.log('ran'); return 1;");
    expect(
      await sandbox.run({ code, args: { name: 'abc' }, values: {}, parameters: JSON.stringify(EVIL_PARAMETERS) }),
    ).toEqual({
      success: false,
      output: null,
      logs: [],
      durationMs: 0,
      error: 'Invalid arguments (name: has an invalid format)',
    });
    // A schema given as an object works the same.
    expect((await sandbox.run({ code, args: {}, values: {}, parameters: EVIL_PARAMETERS })).error).toBe(
      'Invalid arguments (name: is required)',
    );
  });

  it('reports a stored schema that no longer compiles instead of running unchecked', async () => {
    const parameters = JSON.stringify({ type: 'object', properties: { a: { $ref: '#/definitions/none' } } });
    expect((await sandbox.run({ code: RAN, args: {}, values: {}, parameters })).error).toBe(
      "The tool's parameters schema is invalid: can't resolve reference #/definitions/none from id #",
    );
  });

  it('ends a catastrophic pattern at the deadline while the main thread keeps answering HTTP', async () => {
    const probe = await startMainThreadProbe();
    try {
      let done = false;
      const run = sandbox
        .run({ code: RAN, args: EVIL_ARGS, values: {}, parameters: JSON.stringify(EVIL_PARAMETERS) })
        .finally(() => (done = true));
      let answeredMeanwhile = 0;
      while (!done) {
        expect(await probe.get()).toBe('{"status":"ok"}');
        if (!done) answeredMeanwhile += 1;
      }
      expect(await run).toMatchObject({
        success: false,
        output: null,
        error: `Handler timed out after ${TIMEOUT_MS} ms`,
      });
      expect(answeredMeanwhile).toBeGreaterThanOrEqual(5);
    } finally {
      probe.close();
    }
    // The stuck worker was replaced: the pool still serves.
    expect(await sandbox.run({ ...NORMAL_CALL, timeoutMs: SERVES_WITHIN_MS })).toMatchObject({
      success: true,
      output: { echo: 42 },
    });
  });
});

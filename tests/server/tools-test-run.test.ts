/**
 * POST /api/tools/:id/test runs the handler in the real sandbox (QuickJS in worker threads) with
 * the checked arguments and the owner's custom values, and answers the Test panel's result.
 * runTool is the same path for model tool calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '../../server/tools/runTool.js';
import type { Tool, ToolTestResult } from '../../shared/types/tool.js';
import { createTestApp, type TestApp, type TestUser, uniqueName } from '../helpers/serverApp.js';
import { signedInCaller } from '../helpers/signedInCaller.js';

const TIMEOUT_MS = 300;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    config: { sandbox: { timeoutMs: TIMEOUT_MS, workers: 1, memoryMb: 32, callsPerUser: 20 } },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(() => t.close());

async function signedIn(fields?: Partial<TestUser>) {
  const { user, call } = await signedInCaller(t, fields);
  const createTool = async (handler_code: string, parameters: Record<string, unknown> = NUMBER_X) =>
    (
      await call('POST', '/api/tools', {
        name: uniqueName('tool'),
        description: 'A tool',
        type: 'string',
        parameters,
        handler_code,
      })
    ).json<Tool>();
  const test = async (tool: Tool, args: unknown) => {
    const response = await call('POST', `/api/tools/${tool.id}/test`, { args });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ToolTestResult>();
  };
  return { user, call, createTool, test };
}

const NUMBER_X = { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] };

describe('tool test run', () => {
  it('runs the handler with the arguments and answers its output, logs and duration', async () => {
    const { createTool, test } = await signedIn();
    const tool = await createTool(`async function handler(args) {
      console.log('doubling', args.x);
      return { doubled: args.x * 2 };
    }`);
    const result = await test(tool, { x: 21 });
    expect(result).toMatchObject({ success: true, output: { doubled: 42 }, error: null });
    expect(result.logs.join('\n')).toContain('doubling 21');
    expect(result.durationMs).toEqual(expect.any(Number));
  });

  it("gives the handler the owner's custom values as values.NAME", async () => {
    const { call, createTool, test } = await signedIn();
    await call('POST', '/api/custom-values', { name: 'GREETING', value: 'Hello' });
    await call('POST', '/api/custom-values', { name: 'api.key', value: 'k-123' });
    const tool = await createTool(
      'async function handler(args, { values }) { return values.GREETING + " #" + args.x + " " + values["api.key"] + " " + typeof values.OTHER; }',
    );
    expect(await test(tool, { x: 1 })).toMatchObject({ success: true, output: 'Hello #1 k-123 undefined' });
  });

  it("never shows one user's custom values to another user's handler", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await alice.call('POST', '/api/custom-values', { name: 'SECRET', value: 'alice-only' });
    const tool = await bob.createTool('async function handler(args, { values }) { return values.SECRET ?? "none"; }');
    expect(await bob.test(tool, { x: 1 })).toMatchObject({ success: true, output: 'none' });
  });

  it('refuses arguments that do not match the schema, naming the field, without running the handler', async () => {
    const { createTool, test } = await signedIn();
    const tool = await createTool('async function handler(args) { console.log("ran"); return 1; }');
    expect(await test(tool, { x: 'seven' })).toEqual({
      success: false,
      output: null,
      logs: [],
      durationMs: 0,
      error: 'Invalid arguments (x: must be a number)',
    });
    expect((await test(tool, {})).error).toBe('Invalid arguments (x: is required)');
  });

  it('treats missing args as an empty object', async () => {
    const { call, createTool } = await signedIn();
    const tool = await createTool('async function handler(args) { return Object.keys(args).length; }', {
      type: 'object',
      properties: {},
    });
    const response = await call('POST', `/api/tools/${tool.id}/test`, {});
    expect(response.json()).toMatchObject({ success: true, output: 0 });
  });

  it('answers a throwing handler with success:false and its message', async () => {
    const { createTool, test } = await signedIn();
    const tool = await createTool(
      'async function handler(args) { throw new Error("City " + args.x + " is unknown"); }',
    );
    const result = await test(tool, { x: 9 });
    expect(result.success).toBe(false);
    expect(result.output).toBeNull();
    expect(result.error).toContain('City 9 is unknown');
  });

  it('stops a handler that runs past the configured deadline', async () => {
    const { createTool, test } = await signedIn();
    const tool = await createTool('async function handler() { for (;;) {} }');
    expect(await test(tool, { x: 1 })).toMatchObject({
      success: false,
      output: null,
      error: `Handler timed out after ${TIMEOUT_MS} ms`,
    });
    const healthy = await createTool('async function handler(args) { return args.x + 1; }');
    expect(await test(healthy, { x: 1 })).toMatchObject({ success: true, output: 2 });
  });

  it('accepts a schema with a catastrophic pattern, and a hostile argument ends at the deadline', async () => {
    const { call, createTool, test } = await signedIn();
    const parameters = {
      type: 'object',
      properties: { name: { type: 'string', pattern: '^(a+)+$' } },
      required: ['name'],
    };
    const created = await call('POST', '/api/tools', {
      name: 'evil',
      description: 'A tool',
      type: 'string',
      parameters,
      handler_code: 'async function handler() { return "ran"; }',
    });
    expect(created.statusCode, created.body).toBe(201);
    const tool = created.json<Tool>();
    expect(await test(tool, { name: `${'a'.repeat(37)}!` })).toMatchObject({
      success: false,
      output: null,
      error: `Handler timed out after ${TIMEOUT_MS} ms`,
    });
    // The operator hears why a worker thread was replaced.
    const killed = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.msg.includes('killed by the watchdog'));
    expect(killed).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringContaining(`past its ${TIMEOUT_MS} ms deadline`) }),
    ]);
    expect(await test(tool, { name: 'aaa' })).toMatchObject({ success: true, output: 'ran' });
    const healthy = await createTool('async function handler(args) { return args.x + 1; }');
    expect(await test(healthy, { x: 1 })).toMatchObject({ success: true, output: 2 });
  });

  it('explains code without a handler function', async () => {
    const { createTool, test } = await signedIn();
    const tool = await createTool('const answer = 42;');
    expect((await test(tool, { x: 1 })).error).toBe(
      'Handler code must define async function handler(args, { values })',
    );
  });

  it('rejects a test body with unknown fields', async () => {
    const { call, createTool } = await signedIn();
    const tool = await createTool('async function handler() { return 1; }');
    const response = await call('POST', `/api/tools/${tool.id}/test`, { args: { x: 1 }, code: 'evil' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('code: is not an accepted field');
  });
});

describe('runTool', () => {
  it("runs a user's tool by id, and reports a tool that user does not have", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const tool = await alice.createTool('async function handler(args) { return { doubled: args.x * 2 }; }');
    expect(await runTool(t.app, alice.user.id, tool.id, { x: 4 })).toMatchObject({
      success: true,
      output: { doubled: 8 },
    });
    expect(await runTool(t.app, bob.user.id, tool.id, { x: 4 })).toEqual({
      success: false,
      output: null,
      logs: [],
      durationMs: 0,
      error: 'Tool not found',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxResult } from '../../server/sandbox/index.js';
import { handlerOf, NORMAL_CALL } from '../helpers/sandboxHandlers.js';
import { type CountingServer, startCountingServer } from '../helpers/sandboxTargets.js';

const CANARY = `canary-${process.pid}-${Date.now()}`;
const OTHER_USERS_SECRET = `other-user-secret-${Date.now()}`;
const TIMEOUT_MS = 300;
const TIMED_OUT = { error: `Handler timed out after ${TIMEOUT_MS} ms` };

let sandbox: Sandbox;
let allowed: CountingServer;
let loopback4: CountingServer;
let loopback6: CountingServer;
const seen: SandboxResult[] = [];

beforeAll(async () => {
  process.env.SB_CANARY = CANARY;
  loopback4 = await startCountingServer();
  loopback6 = await startCountingServer(undefined, '::1');
  allowed = await startCountingServer((req, res) => {
    if (req.url === '/to-loopback') res.writeHead(302, { location: `http://127.0.0.1:${loopback4.port}/` });
    else if (req.url === '/to-metadata')
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam/' });
    else if (req.url === '/to-localhost') res.writeHead(301, { location: `http://localhost:${loopback4.port}/` });
    res.end('allowed');
  });
  sandbox = createSandbox({ timeoutMs: TIMEOUT_MS, watchdogGraceMs: 500, fetch: { allow: [allowed.hostPort] } });
  // Another user's call leaves its custom value in the same pool before the hostile calls run.
  const theirs = await sandbox.run({
    code: handlerOf('return values.API_KEY.length;'),
    args: {},
    values: { API_KEY: OTHER_USERS_SECRET },
  });
  expect(theirs.output).toBe(OTHER_USERS_SECRET.length);
});

afterAll(async () => {
  await sandbox.close();
  await Promise.all([allowed.close(), loopback4.close(), loopback6.close()]);
  delete process.env.SB_CANARY;
});

async function hostile(code: string, args: unknown = {}): Promise<SandboxResult> {
  const result = await sandbox.run({ code, args, values: { CITY: 'Lisbon' } });
  seen.push(result);
  // The pool keeps answering after every hostile call.
  expect(await sandbox.run({ ...NORMAL_CALL })).toMatchObject({ success: true, output: { echo: 42 } });
  return result;
}

// [name, handler code, what the author sees]
type Expectation = { output: unknown } | { error: string | RegExp };
const HOSTILE: Array<[string, string, Expectation]> = [
  [
    'Function constructor to the global object',
    handlerOf(
      "const g = (() => {}).constructor('return this')(); return [typeof g.process, typeof g.require, g === globalThis];",
    ),
    { output: ['undefined', 'undefined', true] },
  ],
  [
    'this.constructor.constructor',
    'function handler() { return this.constructor.constructor("return typeof process")(); }',
    { output: 'undefined' },
  ],
  [
    'constructor chain to process',
    handlerOf("return ({}).constructor.constructor('return process')().env;"),
    { error: /^ReferenceError: 'process' is not defined/ },
  ],
  ['process.env', handlerOf('return process.env.SB_CANARY;'), { error: /^ReferenceError: 'process' is not defined/ }],
  [
    'require',
    handlerOf("return require('fs').readFileSync('/etc/passwd', 'utf8');"),
    { error: /^ReferenceError: 'require' is not defined/ },
  ],
  [
    "import('fs')",
    handlerOf("const fs = await import('fs'); return Object.keys(fs);"),
    { error: /could not load module 'fs'/ },
  ],
  ['static import', "import fs from 'fs';\nasync function handler() { return 1; }", { error: /^SyntaxError/ }],
  [
    'eval of host names',
    handlerOf(
      "return eval('[typeof process, typeof require, typeof module, typeof Buffer, typeof global, typeof WebAssembly, typeof setTimeout]');",
    ),
    { output: Array(7).fill('undefined') },
  ],
  [
    'walking every global',
    handlerOf(`
    const seen = new Set(); const found = [];
    (function walk(o, path, depth) {
      if (o === null || (typeof o !== 'object' && typeof o !== 'function') || seen.has(o) || depth > 4) return;
      seen.add(o);
      for (const k of Reflect.ownKeys(o)) {
        const name = String(k);
        const hostLike = /^(process|require|module|exports|Buffer|__dirname|__filename|hostFetch|hostLog|env|workerData|parentPort)$/;
        const hostGlobal = /^(global|std|os|scriptArgs|print|setTimeout|setInterval|WebAssembly|Deno|Bun|importScripts|postMessage)$/;
        if (hostLike.test(name) || (depth === 0 && hostGlobal.test(name))) found.push(path + '.' + name);
        let v; try { v = o[k]; } catch (e) { continue; }
        walk(v, path + '.' + name, depth + 1);
      }
    })(globalThis, 'globalThis', 0);
    return found;`),
    { output: [] },
  ],
  [
    'global names are the standard ones',
    handlerOf(`
    const standard = ['Object','Function','Array','Number','parseFloat','parseInt','Infinity','NaN','undefined','Boolean','String','Symbol','Date','Promise','RegExp','Error','AggregateError','EvalError','RangeError','ReferenceError','SyntaxError','TypeError','URIError','InternalError','globalThis','JSON','Math','Intl','ArrayBuffer','SharedArrayBuffer','Atomics','Uint8Array','Int8Array','Uint16Array','Int16Array','Uint32Array','Int32Array','Float32Array','Float64Array','Uint8ClampedArray','BigUint64Array','BigInt64Array','Float16Array','DataView','Map','BigInt','Set','WeakMap','WeakSet','WeakRef','FinalizationRegistry','Proxy','Reflect','decodeURI','decodeURIComponent','encodeURI','encodeURIComponent','escape','unescape','eval','isFinite','isNaN','Iterator','console','fetch','handler','performance','queueMicrotask','structuredClone'];
    return Object.getOwnPropertyNames(globalThis).filter((n) => !standard.includes(n));`),
    { output: [] },
  ],
  [
    'prototype pollution from the guest',
    handlerOf("Object.prototype.polluted = 'yes'; Array.prototype.polluted = 'yes'; return { a: 1 };"),
    { output: { a: 1 } },
  ],
  [
    'prototype pollution through args.__proto__',
    handlerOf('args.__proto__.polluted = \'yes\'; return JSON.parse(\'{"__proto__": {"polluted": "yes"}}\');'),
    { output: { ['__proto__']: { polluted: 'yes' } } },
  ],
  ['thenable result', 'function handler() { return { then(resolve) { resolve(1); } }; }', { output: 1 }],
  ['thenable that never settles', 'function handler() { return { then() {} }; }', TIMED_OUT],
  ['function result', 'function handler() { return () => 1; }', { error: 'Handler result must be JSON-serialisable' }],
  [
    'getter that throws',
    "function handler() { return { get secret() { throw new Error('from getter'); } }; }",
    { error: 'Error: from getter (line 1)' },
  ],
  [
    'proxy result with throwing traps',
    "function handler() { return new Proxy({}, { ownKeys() { throw new Error('trap'); }, get() { throw new Error('trap'); } }); }",
    { error: /trap/ },
  ],
  ['toJSON that loops', 'function handler() { return { toJSON() { for (;;) {} } }; }', TIMED_OUT],
  [
    'replaced JSON.stringify',
    'function handler() { JSON.stringify = () => ({ evil: true }); return { fine: true }; }',
    { output: { fine: true } },
  ],
  [
    'hijacked Promise.prototype.then',
    "async function handler() { Promise.prototype.then = function () { throw new Error('hijack'); }; return 7; }",
    { error: 'Error: hijack (line 1)' },
  ],
  ['handler getter that loops', "Object.defineProperty(globalThis, 'handler', { get() { for (;;) {} } });", TIMED_OUT],
  ['infinite loop', 'function handler() { while (true) {} }', TIMED_OUT],
  ['catching the interrupt', 'function handler() { for (;;) { try { for (;;) {} } catch (e) {} } }', TIMED_OUT],
  ['infinite microtasks', 'async function handler() { for (;;) await null; }', TIMED_OUT],
  ['catastrophic regex', "function handler() { return /(a+)+$/.test('a'.repeat(40) + 'b'); }", TIMED_OUT],
  [
    'non-interruptible builtin (host watchdog)',
    "function handler() { return 'a'.repeat(2e6).indexOf('a'.repeat(1e6) + 'b'); }",
    TIMED_OUT,
  ],
  [
    'allocation bomb',
    "function handler() { return 'x'.repeat(2 ** 28).length; }",
    { error: 'Handler ran out of memory (limit 32 MB)' },
  ],
  [
    'growing arrays',
    'function handler() { const a = []; for (;;) a.push(new Array(1000).fill(a.length)); }',
    { error: /^Handler (ran out of memory \(limit 32 MB\)|timed out after 300 ms)$/ },
  ],
  [
    'deep recursion',
    'function handler() { const f = (n) => f(n + 1) + 1; return f(0); }',
    { error: 'Handler exceeded the maximum call stack size' },
  ],
  ['never-resolving await', handlerOf('await new Promise(() => {});'), TIMED_OUT],
  [
    'huge result',
    "function handler() { return 'x'.repeat(300 * 1024); }",
    { error: 'Result is too large (limit 256 KB of JSON)' },
  ],
  [
    'error stack with host paths',
    handlerOf('try { null.x; } catch (e) { return String(e.stack); }'),
    { output: expect.not.stringMatching(/node_modules|\/work\/|quickjs|\.ts/) },
  ],
  [
    'stack of a host function',
    handlerOf(
      "try { console.log.call(null, { toString() { throw new Error('in log'); } }); } catch (e) { return String(e.stack); } return 'no throw';",
    ),
    { output: expect.not.stringMatching(/node_modules|\/work\/|\.ts:/) },
  ],
];

describe('hostile handlers', () => {
  it.each(HOSTILE)('%s', async (_name, code, expected) => {
    const result = await hostile(code);
    if ('output' in expected) {
      expect(result.error).toBeNull();
      expect(result.output).toEqual(expected.output);
    } else {
      expect(result.success).toBe(false);
      expect(result.output).toBeNull();
      if (typeof expected.error === 'string') expect(result.error).toBe(expected.error);
      else expect(result.error).toMatch(expected.error);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('caps huge console output with a marker', async () => {
    // 3,000 lines of ~110 characters pass both caps (200 lines, 64 KB) many times over and finish
    // well inside the 300 ms deadline even on a loaded machine (100,000 lines did not).
    const result = await hostile(
      handlerOf("for (let i = 0; i < 3000; i++) console.log('spam', i, 'x'.repeat(100)); return 'done';"),
    );
    expect(result.output).toBe('done');
    expect(result.logs.length).toBeLessThanOrEqual(201);
    expect(result.logs.at(-1)).toBe('[logs truncated]');
    expect(result.logs.join('\n').length).toBeLessThanOrEqual(64 * 1024 + 100);
  });

  it('caps a single enormous log line', async () => {
    const result = await hostile(handlerOf("console.log('y'.repeat(5 * 1024 * 1024)); return 1;"));
    expect(result.logs.at(-1)).toBe('[logs truncated]');
    expect(result.logs.join('').length).toBeLessThanOrEqual(64 * 1024 + 100);
  });
});

describe('hostile fetches', () => {
  const blockedTargets = (): string[] => [
    `http://127.0.0.1:${loopback4.port}/`,
    `http://localhost:${loopback4.port}/`,
    `http://2130706433:${loopback4.port}/`,
    `http://0x7f000001:${loopback4.port}/`,
    `http://0177.0.0.1:${loopback4.port}/`,
    `http://0.0.0.0:${loopback4.port}/`,
    `http://[::1]:${loopback6.port}/`,
    `http://[::ffff:127.0.0.1]:${loopback4.port}/`,
    `http://[::ffff:7f00:1]:${loopback4.port}/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    `${allowed.url}/to-loopback`,
    `${allowed.url}/to-metadata`,
    `${allowed.url}/to-localhost`,
  ];

  it('refuses every private address form, and the targets see zero connections', async () => {
    for (const url of blockedTargets()) {
      const result = await hostile(
        handlerOf(`const res = await fetch(${JSON.stringify(url)}); return await res.text();`),
      );
      expect(result.error, url).toMatch(/^FetchError: Blocked request to a private address: /);
    }
    expect(loopback4.connections()).toBe(0);
    expect(loopback6.connections()).toBe(0);
  });

  it.each(['file:///etc/passwd', 'data:text/plain;base64,aGVsbG8=', 'ftp://example.com/file', 'blob:null/1'])(
    'refuses %s',
    async (url) => {
      const result = await hostile(handlerOf(`return await (await fetch(${JSON.stringify(url)})).text();`));
      expect(result.error).toMatch(/^FetchError: Only http and https URLs are allowed/);
    },
  );

  it('allows at most 10 requests per call', async () => {
    const result = await hostile(
      handlerOf(`for (let i = 0; i < 11; i++) await fetch('${allowed.url}/'); return 'all';`),
    );
    expect(result.error).toBe('FetchError: Too many requests (limit 10 per call)');
  });
});

describe('what never leaks', () => {
  it('no result, log or error carries the host environment or another user’s custom value', async () => {
    await hostile(
      handlerOf(
        'console.log(JSON.stringify(globalThis), typeof std, typeof os, typeof scriptArgs); return Object.keys(values);',
      ),
    );
    const text = JSON.stringify(seen);
    expect(seen.length).toBeGreaterThan(40);
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain(OTHER_USERS_SECRET);
  });
});

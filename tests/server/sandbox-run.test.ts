import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../server/sandbox/index.js';
import { handlerOf } from '../helpers/sandboxHandlers.js';
import { type CountingServer, startCountingServer } from '../helpers/sandboxTargets.js';

let sandbox: Sandbox;
let api: CountingServer;

beforeAll(async () => {
  api = await startCountingServer((req, res) => {
    if (req.url?.startsWith('/weather?')) {
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-source', 'test');
      return res.end(JSON.stringify({ current_weather: { temperature: 21.5 } }));
    }
    if (req.url === '/echo') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      return req.on('end', () =>
        res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization, body })),
      );
    }
    res.statusCode = 404;
    res.end('missing');
  });
  sandbox = createSandbox({ timeoutMs: 2000, fetch: { allow: [api.hostPort] } });
});

afterAll(async () => {
  await sandbox.close();
  await api.close();
});

describe('tool handler runs', () => {
  it('returns the handler value with logs and a duration', async () => {
    const result = await sandbox.run({
      code: handlerOf("console.log('adding', args.a, args.b); return { sum: args.a + args.b };"),
      args: { a: 2, b: 3 },
      values: {},
    });
    expect(result).toMatchObject({ success: true, output: { sum: 5 }, logs: ['adding 2 3'], error: null });
    expect(typeof result.durationMs).toBe('number');
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('awaits async work and sees the owner custom values, frozen', async () => {
    const code = handlerOf(`
      await Promise.resolve();
      const frozen = Object.isFrozen(values);
      try { values.CITY = 'changed'; } catch (e) {}
      return { city: values.CITY, frozen };`);
    const result = await sandbox.run({ code, args: {}, values: { CITY: 'Lisbon' } });
    expect(result.output).toEqual({ city: 'Lisbon', frozen: true });
  });

  it('accepts a plain function or a top-level const handler', async () => {
    expect(
      (await sandbox.run({ code: 'function handler(args) { return args.x }', args: { x: 'plain' }, values: {} }))
        .output,
    ).toBe('plain');
    expect(
      (await sandbox.run({ code: 'const handler = async (args) => args.x', args: { x: 'arrow' }, values: {} })).output,
    ).toBe('arrow');
  });

  it('captures console levels, prefixing warn and error', async () => {
    const code = handlerOf("console.info('i'); console.warn('w', { a: 1 }); console.error(new Error('e')); return 1;");
    const result = await sandbox.run({ code, args: {}, values: {} });
    expect(result.logs).toEqual(['i', '[warn] w {"a":1}', '[error] Error: e (line 2)']);
  });

  it('turns undefined into null', async () => {
    expect(await sandbox.run({ code: 'function handler() {}', args: {}, values: {} })).toMatchObject({
      success: true,
      output: null,
    });
  });

  it('reports a missing handler, a syntax error and a thrown error with its line', async () => {
    expect((await sandbox.run({ code: 'function helper() {}', args: {}, values: {} })).error).toBe(
      'Handler code must define async function handler(args, { values })',
    );
    const syntax = await sandbox.run({
      code: 'async function handler(args) {\n  return args.;\n}',
      args: {},
      values: {},
    });
    expect(syntax.success).toBe(false);
    expect(syntax.error).toMatch(/^SyntaxError: .* \(line 2\)$/);
    const thrown = await sandbox.run({
      code: handlerOf("throw new TypeError('latitude out of range');"),
      args: {},
      values: {},
    });
    expect(thrown.error).toBe('TypeError: latitude out of range (line 2)');
    expect(thrown.output).toBeNull();
  });

  it('keeps logs written before a failure', async () => {
    const result = await sandbox.run({
      code: handlerOf("console.log('before'); throw new Error('after');"),
      args: {},
      values: {},
    });
    expect(result.logs).toEqual(['before']);
    expect(result.error).toBe('Error: after (line 2)');
  });

  it('refuses results that are not JSON', async () => {
    for (const value of [
      '() => 1',
      'Symbol("s")',
      '10n',
      '(() => { const a = {}; a.self = a; return a; })()',
      '{ nested: () => 1 }',
    ]) {
      const result = await sandbox.run({ code: handlerOf(`return ${value};`), args: {}, values: {} });
      expect(result.error, value).toBe('Handler result must be JSON-serialisable');
    }
  });

  it('runs the weather template against a fetch target', async () => {
    const code = handlerOf(`
      const res = await fetch('${api.url}/weather?latitude=' + args.latitude);
      const data = await res.json();
      return { ok: res.ok, status: res.status, type: res.headers.get('Content-Type'), source: res.headers.get('x-source'), missing: res.headers.get('nope'), weather: data.current_weather };`);
    const result = await sandbox.run({ code, args: { latitude: 38.7 }, values: {} });
    expect(result.error).toBeNull();
    expect(result.output).toEqual({
      ok: true,
      status: 200,
      type: 'application/json',
      source: 'test',
      missing: null,
      weather: { temperature: 21.5 },
    });
  });

  it('sends method, headers and a string body, and shows non-2xx statuses', async () => {
    const code = handlerOf(`
      const posted = await fetch('${api.url}/echo', { method: 'POST', headers: { Authorization: 'Bearer ' + values.TOKEN }, body: JSON.stringify({ q: 1 }) });
      const missing = await fetch('${api.url}/nowhere');
      return { echo: await posted.json(), missing: { ok: missing.ok, status: missing.status, text: await missing.text() } };`);
    const result = await sandbox.run({ code, args: {}, values: { TOKEN: 't0k' } });
    expect(result.output).toEqual({
      echo: { method: 'POST', auth: 'Bearer t0k', body: '{"q":1}' },
      missing: { ok: false, status: 404, text: 'missing' },
    });
  });

  it('rejects a non-string fetch body inside the guest', async () => {
    const code = handlerOf(`await fetch('${api.url}/echo', { method: 'POST', body: { q: 1 } });`);
    expect((await sandbox.run({ code, args: {}, values: {} })).error).toContain('fetch: body must be a string');
  });

  it('honours a per-call timeout', async () => {
    const result = await sandbox.run({
      code: handlerOf('await new Promise(() => {});'),
      args: {},
      values: {},
      timeoutMs: 150,
    });
    expect(result.error).toBe('Handler timed out after 150 ms');
  });

  it('refuses arguments that are not JSON before running', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect((await sandbox.run({ code: 'function handler() { return 1 }', args: cyclic, values: {} })).error).toBe(
      'Tool arguments must be JSON-serialisable',
    );
  });
});

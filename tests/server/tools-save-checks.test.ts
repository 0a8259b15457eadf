/**
 * What a tool save checks beyond field shapes (issue 7, findings 1 and 14): the parameters schema
 * is bounded in size, depth and subschemas and refuses keywords that make validation asynchronous
 * or non-portable; it is compiled, with the handler code, in a sandbox worker; handler code that
 * does not compile is refused with its line and column; and no body is nested deep enough to
 * reach a recursion limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTool } from '../../server/db/tools.js';
import type { Tool, ToolTestResult } from '../../shared/types/tool.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type SignedInCaller, signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;
let me: SignedInCaller;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void logLines.push(line) } });
  me = await signedInCaller(t);
});
afterAll(() => t.close());

let toolCount = 0;
const tool = (overrides: Record<string, unknown> = {}) => {
  toolCount += 1;
  return {
    name: `tool ${toolCount}`,
    description: 'A tool',
    type: 'string',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
    handler_code: 'async function handler(args) {\n  return args.city;\n}',
    ...overrides,
  };
};

const branches = (count: number) => ({
  type: 'object',
  properties: { choice: { anyOf: Array.from({ length: count }, (_, i) => ({ const: `option-${i}` })) } },
});

function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 1; i < levels; i += 1) schema = { type: 'object', properties: { inner: schema } };
  return schema;
}

describe('parameters schema bounds', () => {
  it('refuses the 2,500-branch anyOf with a 400 naming parameters while /api/health keeps answering', async () => {
    const saves = Array.from({ length: 7 }, () => me.call('POST', '/api/tools', tool({ parameters: branches(2500) })));
    const probes = Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/health' }));
    for (const response of await Promise.all(saves)) {
      expectApiError(response, 400, {
        error: 'parameters: must have at most 500 schemas (properties, items and branches together)',
        code: 'validation_failed',
      });
    }
    for (const response of await Promise.all(probes)) expect(response.statusCode).toBe(200);
    expect((await me.call('GET', '/api/tools')).json()).toEqual([]);
  });

  it('refuses 2,500 branches reached through a $ref into an unknown keyword or default data', async () => {
    const { properties } = branches(2500);
    for (const parameters of [
      { type: 'object', properties: { c: { $ref: '#/x' } }, x: properties.choice },
      { type: 'object', properties: { c: { $ref: '#/default' } }, default: properties.choice },
    ]) {
      const response = await me.call('POST', '/api/tools', tool({ parameters }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(
        'parameters: must have at most 500 schemas (properties, items and branches together)',
      );
    }
  });

  it('accepts a schema within the bounds, compiled in a worker', async () => {
    const response = await me.call('POST', '/api/tools', tool({ parameters: branches(300) }));
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json<Tool>();
    const run = (args: unknown) =>
      me.call('POST', `/api/tools/${saved.id}/test`, { args }).then((r) => r.json<ToolTestResult>());
    expect(await run({ choice: 'option-299' })).toMatchObject({ success: true });
    expect((await run({ choice: 'option-300' })).error).toMatch(/^Invalid arguments \(choice: /);
  });

  it('refuses schemas nested more than 32 levels', async () => {
    expect((await me.call('POST', '/api/tools', tool({ parameters: nested(32) }))).statusCode).toBe(201);
    const response = await me.call('POST', '/api/tools', tool({ parameters: nested(33) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('parameters: schemas must nest at most 32 levels deep');
  });

  it.each([
    [
      '$async at the top',
      { $async: true, type: 'object' },
      'parameters: asynchronous validation ($async) is not supported',
    ],
    [
      '$async in a property',
      { type: 'object', properties: { a: { $async: true, type: 'string' } } },
      'parameters: asynchronous validation ($async) is not supported',
    ],
    [
      '$dynamicRef',
      { type: 'object', properties: { a: { $dynamicRef: '#node' } } },
      'parameters: $dynamicRef is not supported (use $ref)',
    ],
    [
      '$recursiveRef',
      { type: 'object', items: { $recursiveRef: '#' } },
      'parameters: $recursiveRef is not supported (use $ref)',
    ],
  ])('refuses %s with a 400 naming parameters', async (_label, parameters, message) => {
    const response = await me.call('POST', '/api/tools', tool({ parameters }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: message, code: 'validation_failed' });
  });

  it('accepts a property that is only named $async (data, not a keyword)', async () => {
    const parameters = { type: 'object', properties: { $async: { type: 'boolean' } }, default: { $async: true } };
    expect((await me.call('POST', '/api/tools', tool({ parameters }))).statusCode).toBe(201);
  });

  it('checks arguments of an $async schema saved before the rule, without crashing the worker', async () => {
    const parameters = { $async: true, type: 'object', properties: { n: { type: 'number' } } };
    const row = await insertTool(
      t.db,
      me.user.id,
      { ...tool(), parameters, handler_code: 'async function handler(args) { return args.n; }' },
      Date.now(),
    );
    const result = (
      await me.call('POST', `/api/tools/${row.id}/test`, { args: { n: 'not a number' } })
    ).json<ToolTestResult>();
    expect(result).toMatchObject({ success: false, output: null });
    expect(result.error).toBe(
      "The tool's parameters schema is invalid: asynchronous validation ($async) is not supported",
    );
    const healthy = (await me.call('POST', '/api/tools', tool())).json<Tool>();
    expect((await me.call('POST', `/api/tools/${healthy.id}/test`, { args: { city: 'Lisbon' } })).json()).toMatchObject(
      { output: 'Lisbon' },
    );
    expect(logLines.filter((line) => line.includes('Tool sandbox worker'))).toEqual([]);
  });
});

describe('handler code syntax', () => {
  it('refuses code that does not compile with 400 naming handler_code, its line and column', async () => {
    const handler_code = 'async function handler(args) {\n  const x = 1;\n  return (x +);\n}';
    const response = await me.call('POST', '/api/tools', tool({ handler_code }));
    expectApiError(response, 400, {
      error: "handler_code: SyntaxError: unexpected token in expression: ')' (line 3, column 14)",
      code: 'validation_failed',
      details: { field: 'handler_code', line: 3, column: 14 },
    });
  });

  it('checks PATCH the same way and leaves the tool unchanged', async () => {
    const saved = (await me.call('POST', '/api/tools', tool())).json<Tool>();
    const response = await me.call('PATCH', `/api/tools/${saved.id}`, {
      handler_code: 'function handler() {\n  return 1;\n}\nreturn 2;',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'handler_code: SyntaxError: return not in a function (line 4, column 1)',
      details: { field: 'handler_code', line: 4, column: 1 },
    });
    expect((await me.call('GET', `/api/tools/${saved.id}`)).json()).toEqual(saved);
  });

  it('answers code nested too deeply to compile with a 400, and the sandbox keeps serving', async () => {
    const response = await me.call('POST', '/api/tools', tool({ handler_code: `const x = ${'('.repeat(20_000)}` }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^handler_code: SyntaxError: stack overflow/);
    expect((await me.call('POST', '/api/tools', tool())).statusCode).toBe(201);
  });

  it('saves code that compiles, including a tool without a handler yet', async () => {
    expect(
      (await me.call('POST', '/api/tools', tool({ handler_code: 'const handler = async (args) => args.city;' })))
        .statusCode,
    ).toBe(201);
    expect((await me.call('POST', '/api/tools', tool({ handler_code: '   ' }))).statusCode).toBe(201);
  });
});

describe('bodies nested too deeply', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

  it.each([
    [
      'POST',
      '/api/tools',
      (body: string) => `{"name":"a","description":"b","type":"c","parameters":{"type":"object","default":${body}}}`,
    ],
    ['POST', '/api/agents', (body: string) => `{"name":${body}}`],
    ['POST', '/api/custom-values', (body: string) => `{"name":"A","value":${body}}`],
    ['POST', '/api/accounts/login', (body: string) => `{"username":${body},"password":"x"}`],
  ] as const)('%s %s answers 400 at 1,000 and 5,000 levels, never 500', async (method, url, wrap) => {
    for (const levels of [1000, 5000]) {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...t.auth(me.accessToken), 'content-type': 'application/json' },
        payload: wrap(deep(levels)),
      });
      expectApiError(response, 400, {
        error: 'The request body is nested too deeply (at most 128 levels)',
        code: 'invalid_json',
      });
    }
  });

  it('reads brackets inside strings as text', async () => {
    const response = await me.call('POST', '/api/custom-values', { name: 'BRACKETS', value: '['.repeat(5000) });
    expect(response.statusCode).toBe(201);
  });
});

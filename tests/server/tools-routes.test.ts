/**
 * /api/tools CRUD (spec part 2 §7): round trips, field validation naming the field, and
 * isolation between users (another user's tool is 404 'Tool not found', even for writes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../shared/types/tool.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WEATHER_PARAMETERS = {
  type: 'object',
  properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
  required: ['latitude', 'longitude'],
};

const weatherTool = (overrides: Record<string, unknown> = {}) => ({
  name: 'get_weather',
  description: 'Current weather at a place',
  type: 'function',
  parameters: WEATHER_PARAMETERS,
  handler_code: 'async function handler(args) { return { ok: true }; }',
  ...overrides,
});

describe('tools CRUD', () => {
  it('creates, reads, lists, updates part of and deletes a tool', async () => {
    const { call } = await signedInCaller(t);
    expect((await call('GET', '/api/tools')).json()).toEqual([]);

    const created = await call('POST', '/api/tools', weatherTool({ name: '  get_weather  ' }));
    expect(created.statusCode).toBe(201);
    const tool = created.json<Tool>();
    expect(tool).toEqual({ id: expect.any(String), ...weatherTool() });

    expect((await call('GET', `/api/tools/${tool.id}`)).json()).toEqual(tool);
    expect((await call('GET', '/api/tools')).json()).toEqual([tool]);

    const patched = await call('PATCH', `/api/tools/${tool.id}`, {
      description: 'Weather now',
      handler_code: '// new',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...tool, description: 'Weather now', handler_code: '// new' });
    expect((await call('GET', `/api/tools/${tool.id}`)).json()).toEqual({
      ...tool,
      description: 'Weather now',
      handler_code: '// new',
    });

    const deleted = await call('DELETE', `/api/tools/${tool.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    const gone = await call('GET', `/api/tools/${tool.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, error: 'Tool not found', code: 'not_found' });
    expect((await call('DELETE', `/api/tools/${tool.id}`)).statusCode).toBe(404);
  });

  it('lists tools by name, whatever their case', async () => {
    const { call } = await signedInCaller(t);
    for (const name of ['zeta', 'Alpha', 'beta']) await call('POST', '/api/tools', weatherTool({ name }));
    expect((await call('GET', '/api/tools')).json<Tool[]>().map((tool) => tool.name)).toEqual([
      'Alpha',
      'beta',
      'zeta',
    ]);
  });

  it('gives a tool created without parameters or code an empty object schema and no code', async () => {
    const { call } = await signedInCaller(t);
    const created = await call('POST', '/api/tools', { name: 'n', description: 'd', type: 'string' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ parameters: { type: 'object', properties: {} }, handler_code: '' });
  });

  it('answers PATCH with no fields with the tool unchanged', async () => {
    const { call } = await signedInCaller(t);
    const tool = (await call('POST', '/api/tools', weatherTool())).json<Tool>();
    const patched = await call('PATCH', `/api/tools/${tool.id}`, {});
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual(tool);
  });
});

describe('tool validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['missing name', { name: undefined }, 'name: is required'],
    ['blank name', { name: '   ' }, 'name: must not be empty'],
    ['missing description', { description: undefined }, 'description: is required'],
    ['blank description', { description: '' }, 'description: must not be empty'],
    ['missing type', { type: undefined }, 'type: is required'],
    ['blank type', { type: ' \t' }, 'type: must not be empty'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'name: must be at most 100 characters long'],
    [
      'a description over 2000 characters',
      { description: 'd'.repeat(2001) },
      'description: must be at most 2000 characters long',
    ],
    ['a type over 50 characters', { type: 't'.repeat(51) }, 'type: must be at most 50 characters long'],
    ['a name that is not a string', { name: 42 }, 'name: must be a string'],
    ['parameters that are an array', { parameters: [1, 2] }, 'parameters: must be an object'],
    ['parameters that are a string', { parameters: '{"type":"object"}' }, 'parameters: must be an object'],
    [
      'parameters with a type that is not a JSON Schema type',
      { parameters: { type: 12 } },
      'parameters: must be a valid JSON Schema object: type: must be one of array, boolean, integer, null, number, object, string',
    ],
    [
      'parameters with properties that are not an object',
      { parameters: { type: 'object', properties: 5 } },
      'parameters: must be a valid JSON Schema object: properties: must be an object',
    ],
    [
      'parameters whose top level is not an object schema',
      { parameters: { type: 'string' } },
      'parameters: must be a valid JSON Schema object: the top level must have "type": "object"',
    ],
    [
      'parameters with a reference that does not resolve',
      { parameters: { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } } },
      "parameters: must be a valid JSON Schema object: can't resolve reference #/definitions/missing from id #",
    ],
    ['handler code over 100 KB', { handler_code: 'x'.repeat(100 * 1024 + 1) }, 'handler_code: must be at most 100 KB'],
    ['an unknown field', { owner: 'someone' }, 'owner: is not an accepted field'],
  ];

  it.each(cases)('rejects %s with 400 naming the field', async (_label, overrides, message) => {
    const { call } = await signedInCaller(t);
    const response = await call('POST', '/api/tools', weatherTool(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: message, code: 'validation_failed' });
    expect((await call('GET', '/api/tools')).json()).toEqual([]);
  });

  it('counts handler code in bytes: 100 KB of multi-byte characters is too much', async () => {
    const { call } = await signedInCaller(t);
    const response = await call('POST', '/api/tools', weatherTool({ handler_code: '€'.repeat(40_000) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('handler_code: must be at most 100 KB');
  });

  it('accepts unknown schema keywords and formats, as JSON Schema says', async () => {
    const { call } = await signedInCaller(t);
    const parameters = { type: 'object', properties: { email: { type: 'string', format: 'email', example: 'a@b.c' } } };
    const response = await call('POST', '/api/tools', weatherTool({ parameters }));
    expect(response.statusCode).toBe(201);
    expect(response.json().parameters).toEqual(parameters);
  });

  it('applies the same rules to PATCH and leaves the tool unchanged on failure', async () => {
    const { call } = await signedInCaller(t);
    const tool = (await call('POST', '/api/tools', weatherTool())).json<Tool>();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name: must not be empty'],
      [
        { parameters: { type: 12 } },
        'parameters: must be a valid JSON Schema object: type: must be one of array, boolean, integer, null, number, object, string',
      ],
      [{ parameters: null }, 'parameters: must be an object'],
      [{ id: 'other' }, 'id: is not an accepted field'],
    ];
    for (const [patch, message] of cases) {
      const response = await call('PATCH', `/api/tools/${tool.id}`, patch);
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect((await call('GET', `/api/tools/${tool.id}`)).json()).toEqual(tool);
  });
});

describe('tool isolation', () => {
  it("gives another user 404 'Tool not found' for every call on a tool, and leaves it intact", async () => {
    const alice = await signedInCaller(t);
    const bob = await signedInCaller(t);
    const tool = (await alice.call('POST', '/api/tools', weatherTool())).json<Tool>();

    expect((await bob.call('GET', '/api/tools')).json()).toEqual([]);
    for (const [method, url, payload] of [
      ['GET', `/api/tools/${tool.id}`, undefined],
      ['PATCH', `/api/tools/${tool.id}`, { name: 'stolen' }],
      ['DELETE', `/api/tools/${tool.id}`, undefined],
      ['POST', `/api/tools/${tool.id}/test`, { args: { latitude: 1, longitude: 2 } }],
    ] as const) {
      const response = await bob.call(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toBe('Tool not found');
    }
    expect((await alice.call('GET', `/api/tools/${tool.id}`)).json()).toEqual(tool);
  });

  it("lets an admin impersonating a user see and edit that user's tools, stored as theirs", async () => {
    const alice = await signedInCaller(t);
    const admin = await signedInCaller(t, { role: 'admin' });
    const tool = (await alice.call('POST', '/api/tools', weatherTool())).json<Tool>();

    expect((await admin.call('GET', '/api/tools')).json()).toEqual([]);
    expect((await admin.call('GET', '/api/tools', undefined, alice.user.id)).json()).toEqual([tool]);
    const made = await admin.call('POST', '/api/tools', weatherTool({ name: 'made_by_admin' }), alice.user.id);
    expect(made.statusCode).toBe(201);
    expect((await alice.call('GET', '/api/tools')).json<Tool[]>().map((x) => x.name)).toEqual([
      'get_weather',
      'made_by_admin',
    ]);
    expect((await admin.call('GET', '/api/tools')).json()).toEqual([]);
  });

  it("deletes a user's tools with the user", async () => {
    const alice = await signedInCaller(t);
    await alice.call('POST', '/api/tools', weatherTool());
    await t.db.deleteFrom('users').where('id', '=', alice.user.id).execute();
    const left = await t.db.selectFrom('tools').select('id').where('user_id', '=', alice.user.id).execute();
    expect(left).toEqual([]);
  });
});

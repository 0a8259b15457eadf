/**
 * The analysis settings of agents and bots (issue 21 part C): off by default, saved and read back,
 * every field checked with a 400 naming it, a data schema outside OpenAI's strict-mode subset
 * refused with the rule it breaks (VOICE.md §13.2), and nobody else's agent or bot reachable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_LIMITS } from '../../shared/types/analysis.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type SignedInCaller, signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;
let alice: SignedInCaller;
let agentId: string;
let botId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInCaller(t);
  agentId = (await alice.call('POST', '/api/agents', { name: 'Orders' })).json<{ id: string }>().id;
  botId = (await alice.call('POST', '/api/webchats', { name: 'Help', description: 'Answers' })).json<{ id: string }>()
    .id;
});
afterAll(() => t.close());

const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    city: { type: ['string', 'null'], description: 'Where the caller lives' },
    when: { type: 'string', format: 'date-time' },
    mood: { type: 'string', enum: ['happy', 'angry'] },
    address: { $ref: '#/$defs/address' },
  },
  required: ['city', 'when', 'mood', 'address'],
  $defs: {
    address: {
      type: 'object',
      additionalProperties: false,
      properties: { street: { type: 'string' } },
      required: ['street'],
    },
  },
};

const invalid = (message: string) => ({ error: message, code: 'validation_failed' as const });

describe.each([
  ['agents', () => agentId],
  ['webchats', () => botId],
])('/api/%s/{id}/analysis', (resource, id) => {
  const url = () => `/api/${resource}/${id()}/analysis`;

  it('is off until saved, and saves and reads back every field', async () => {
    const before = await alice.call('GET', url());
    expect(before.json()).toEqual({ enabled: false, summaryPrompt: '', successCriteria: '', dataSchema: null });
    const saved = await alice.call('PUT', url(), {
      enabled: true,
      summaryPrompt: ' Say what was ordered. ',
      successCriteria: 'An order was placed.',
      dataSchema: SCHEMA,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      enabled: true,
      summaryPrompt: 'Say what was ordered.',
      successCriteria: 'An order was placed.',
      dataSchema: SCHEMA,
    };
    expect(saved.json()).toEqual(expected);
    expect((await alice.call('GET', url())).json()).toEqual(expected);
    // A field left out keeps its value; null clears the schema.
    const cleared = await alice.call('PUT', url(), { dataSchema: null });
    expect(cleared.json()).toEqual({ ...expected, dataSchema: null });
  });

  it('answers a field-named 400 for every bad field', async () => {
    expectApiError(await alice.call('PUT', url(), { enabled: 'yes' }), 400, invalid('enabled: must be true or false'));
    expectApiError(
      await alice.call('PUT', url(), { summaryPrompt: 'x'.repeat(ANALYSIS_LIMITS.promptMaxLength + 1) }),
      400,
      invalid(`summaryPrompt: must be at most ${ANALYSIS_LIMITS.promptMaxLength} characters long`),
    );
    expectApiError(
      await alice.call('PUT', url(), { successCriteria: 3 }),
      400,
      invalid('successCriteria: must be a string'),
    );
    expectApiError(
      await alice.call('PUT', url(), { dataSchema: '{"type":"object"}' }),
      400,
      invalid('dataSchema: must be a JSON Schema object or null'),
    );
    expectApiError(await alice.call('PUT', url(), { model: 'gpt-5' }), 400, invalid('model: is not an accepted field'));
    expectApiError(await alice.call('PUT', url(), [1]), 400, invalid('body: must be an object'));
  });

  it('refuses a schema outside the strict-mode subset, naming the rule and where', async () => {
    const cases: Array<[unknown, string]> = [
      [{ type: 'array', items: { type: 'string' } }, 'at the root: the root must have "type": "object"'],
      [
        { anyOf: [{ type: 'object', additionalProperties: false, properties: {}, required: [] }] },
        'at the root: the root must not be an anyOf',
      ],
      [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        'at the root: an object must set additionalProperties to false',
      ],
      [
        {
          type: 'object',
          additionalProperties: false,
          properties: { a: { type: 'string' }, b: { type: 'number' } },
          required: ['a'],
        },
        'at the root: required must list every property (missing: b); make optional ones nullable',
      ],
      [
        {
          type: 'object',
          additionalProperties: false,
          properties: { a: { type: 'object', properties: {}, required: [] } },
          required: ['a'],
        },
        'at properties.a: an object must set additionalProperties to false',
      ],
      [
        { type: 'object', additionalProperties: false, properties: { a: { allOf: [] } }, required: ['a'] },
        'at properties.a: "allOf" is not supported in strict mode',
      ],
      [
        {
          type: 'object',
          additionalProperties: false,
          properties: { a: { type: 'string', format: 'uri' } },
          required: ['a'],
        },
        'at properties.a: format must be one of date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid',
      ],
      [
        {
          type: 'object',
          additionalProperties: false,
          properties: { a: { $ref: 'https://example.com/s.json' } },
          required: ['a'],
        },
        'at properties.a: $ref must point into this schema\'s $defs ("#/$defs/name")',
      ],
      [
        { type: 'object', additionalProperties: false, properties: { a: { type: 'date' } }, required: ['a'] },
        'at properties.a: type must be one of string, number, integer, boolean, object, array, null',
      ],
    ];
    for (const [schema, rule] of cases)
      expectApiError(
        await alice.call('PUT', url(), { dataSchema: schema }),
        400,
        invalid(`dataSchema: not in the strict-mode subset, ${rule}`),
      );
  });

  it('refuses a schema past the size limits (properties, nesting)', async () => {
    const many = Object.fromEntries(
      Array.from({ length: ANALYSIS_LIMITS.schemaMaxProperties + 1 }, (_, k) => [`p${k}`, { type: 'string' }]),
    );
    expectApiError(
      await alice.call('PUT', url(), {
        dataSchema: { type: 'object', additionalProperties: false, properties: many, required: Object.keys(many) },
      }),
      400,
      invalid(
        `dataSchema: not in the strict-mode subset, at the root: the schema may have at most ${ANALYSIS_LIMITS.schemaMaxProperties} properties in all`,
      ),
    );
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < ANALYSIS_LIMITS.schemaMaxDepth + 1; level += 1)
      deep = { type: 'object', additionalProperties: false, properties: { x: deep }, required: ['x'] };
    const answer = await alice.call('PUT', url(), { dataSchema: deep });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ error: string }>().error).toContain(
      `nesting goes deeper than ${ANALYSIS_LIMITS.schemaMaxDepth} levels`,
    );
  });

  it("answers 404 for another user's agent or bot, reading and saving", async () => {
    const mallory = await signedInCaller(t);
    const text = resource === 'agents' ? 'Agent not found' : 'Bot not found';
    expectApiError(await mallory.call('GET', url()), 404, { error: text, code: 'not_found' });
    expectApiError(await mallory.call('PUT', url(), { enabled: false }), 404, { error: text, code: 'not_found' });
    expect((await alice.call('GET', url())).json<{ enabled: boolean }>().enabled).toBe(true);
  });
});

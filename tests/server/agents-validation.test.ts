import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../shared/types/agent.js';
import { seedToolRow } from '../helpers/seedToolRow.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type Call, signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;
let call: Call;
let userId: string;
let agent: Agent;

const patch = (body: unknown) => call('PATCH', `/api/agents/${agent.id}`, body);

beforeAll(async () => {
  t = await createTestApp();
  const caller = await signedInCaller(t);
  userId = caller.user.id;
  call = caller.call;
  agent = (await call('POST', '/api/agents', { name: 'Validated' })).json<Agent>();
});
afterAll(() => t.close());

/** A tool row of `owner` (tools have their own routes; here only the link matters). */
const insertTool = (owner: string, name: string) => seedToolRow(t.db, owner, { name, description: `${name} tool` });

describe('PATCH /api/agents/:id accepts values in range', () => {
  it.each<[string, unknown]>([
    ['name', ' Renamed '],
    ['description', 'Answers the phone'],
    ['instructions', 'Be brief. Call {{COMPANY}}.'],
    ['systemMessage', 'System says hi'],
    ['systemMessage', null],
    ['voice', 'verse'],
    ['speakFirst', true],
    ['transcription', true],
    ['transcription_model', 'gpt-4o-mini-transcribe'],
    ['transcription_language', 'es'],
    ['transcription_prompt', 'Names: Ana, Luis'],
    ['noise_reduction', 'far_field'],
    ['input_audio_format', 'pcm16'],
    ['output_audio_format', 'g711_alaw'],
    ['temperature', 0.6],
    ['temperature', 1.2],
    ['temperature', 0.7000000000000001],
    ['response_output_tokens_limit', true],
    ['max_response_output_tokens', 1],
    ['max_response_output_tokens', 4096],
    ['model', '4o-realtime'],
    ['turn_detection_type', 'semantic_vad'],
    ['prefix_padding_ms', 0],
    ['silence_duration_ms', 1200],
    ['threshold', 0],
    ['threshold', 1],
    ['eagerness', 'high'],
    ['keep_history_days', 30],
    ['keep_history_days', 0],
    ['keep_history_days', null],
  ])('%s = %j', async (field, value) => {
    const response = await patch({ [field]: value });
    expect(response.statusCode).toBe(200);
    const expected = field === 'name' ? 'Renamed' : field === 'systemMessage' && value === null ? '' : value;
    const body = response.json<Record<string, unknown>>();
    if (typeof expected === 'number') expect(body[field]).toBeCloseTo(expected, 9);
    else expect(body[field]).toEqual(expected);
    expect((await call('GET', `/api/agents/${agent.id}`)).json<Record<string, unknown>>()[field]).toEqual(body[field]);
  });

  it('changes only the fields sent', async () => {
    await patch({ voice: 'coral', temperature: 1 });
    const after = (await patch({ description: 'Only this' })).json<Agent>();
    expect(after).toMatchObject({ voice: 'coral', temperature: 1, description: 'Only this' });
  });

  it('accepts an empty body as "no change"', async () => {
    const before = (await call('GET', `/api/agents/${agent.id}`)).json<Agent>();
    expect((await patch({})).json()).toEqual(before);
  });
});

describe('PATCH /api/agents/:id refuses values out of range, naming the field', () => {
  it.each<[string, unknown, string]>([
    ['name', '   ', 'Agent name is required'],
    ['name', 'x'.repeat(101), 'name: must be at most 100 characters long'],
    ['name', 7, 'name: must be a string'],
    ['description', 'x'.repeat(2001), 'description: must be at most 2000 characters long'],
    ['instructions', ['a'], 'instructions: must be a string'],
    ['systemMessage', 5, 'systemMessage: must be a string or null'],
    ['voice', 'nova', 'voice: must be one of alloy, ash, ballad, coral, echo, sage, shimmer, verse'],
    ['speakFirst', 'yes', 'speakFirst: must be true or false'],
    ['transcription', 1, 'transcription: must be true or false'],
    [
      'transcription_model',
      'whisper-2',
      'transcription_model: must be one of whisper-1, gpt-4o-transcribe, gpt-4o-mini-transcribe',
    ],
    ['transcription_language', 'x'.repeat(36), 'transcription_language: must be at most 35 characters long'],
    ['noise_reduction', 'loud', 'noise_reduction: must be one of none, near_field, far_field'],
    ['input_audio_format', 'mp3', 'input_audio_format: must be one of pcm16, g711_ulaw, g711_alaw'],
    ['output_audio_format', 'g722', 'output_audio_format: must be one of pcm16, g711_ulaw, g711_alaw'],
    ['temperature', 0.5, 'temperature: must be between 0.6 and 1.2'],
    ['temperature', 1.3, 'temperature: must be between 0.6 and 1.2'],
    ['temperature', '0.8', 'temperature: must be a number between 0.6 and 1.2'],
    ['temperature', null, 'temperature: must be a number between 0.6 and 1.2'],
    ['response_output_tokens_limit', 'true', 'response_output_tokens_limit: must be true or false'],
    ['max_response_output_tokens', 0, 'max_response_output_tokens: must be a whole number between 1 and 4096'],
    ['max_response_output_tokens', 4097, 'max_response_output_tokens: must be a whole number between 1 and 4096'],
    ['max_response_output_tokens', 10.5, 'max_response_output_tokens: must be a whole number between 1 and 4096'],
    ['model', 'gpt-5', 'model: must be one of 4o-mini, 4o-preview, 4o-realtime'],
    ['turn_detection_type', 'none', 'turn_detection_type: must be one of server_vad, semantic_vad'],
    ['prefix_padding_ms', -1, 'prefix_padding_ms: must be a whole number of 0 or more'],
    ['prefix_padding_ms', 2.5, 'prefix_padding_ms: must be a whole number of 0 or more'],
    ['silence_duration_ms', -100, 'silence_duration_ms: must be a whole number of 0 or more'],
    ['silence_duration_ms', 3_000_000_000, 'silence_duration_ms: must be at most 2147483647'],
    ['threshold', -0.1, 'threshold: must be between 0 and 1'],
    ['threshold', 1.01, 'threshold: must be between 0 and 1'],
    ['eagerness', 'auto', 'eagerness: must be one of low, medium, high'],
    ['keep_history_days', 14, "keep_history_days: must be null (forever), 0 (don't keep) or 7, 30, 90, 365 (days)"],
    ['keep_history_days', '30', "keep_history_days: must be null (forever), 0 (don't keep) or 7, 30, 90, 365 (days)"],
    ['keep_history_days', -1, "keep_history_days: must be null (forever), 0 (don't keep) or 7, 30, 90, 365 (days)"],
    ['tools', 'abc', 'tools: must be a list of tool ids'],
    ['tools', [1], 'tools: must be a list of tool ids'],
    ['favouriteColour', 'blue', 'favouriteColour: is not an accepted field'],
    ['id', 'another-id', 'id: does not match the agent being updated'],
  ])('%s = %j → 400 "%s"', async (field, value, error) => {
    const before = (await call('GET', `/api/agents/${agent.id}`)).json<Agent>();
    const response = await patch({ description: 'must not be saved', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, code: 'validation_failed' });
    expect((await call('GET', `/api/agents/${agent.id}`)).json()).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const response = await patch([1, 2]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('body: must be an object');
  });

  it('refuses a new phoneNumber (numbers move through /phone-associations) but accepts the current one', async () => {
    const refused = await patch({ phoneNumber: '+14155550100' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('phoneNumber: change phone numbers through /api/phone-associations');
    expect((await patch({ phoneNumber: null, voice: 'echo' })).statusCode).toBe(200);
  });
});

describe('tools of an agent', () => {
  it('stores tool ids in order and reads them back as tool objects', async () => {
    const lookup = await insertTool(userId, 'lookup');
    const book = await insertTool(userId, 'book');
    const saved = await patch({ tools: [book, lookup, book] });
    expect(saved.statusCode).toBe(200);
    const expected = [
      { id: book, name: 'book', description: 'book tool' },
      { id: lookup, name: 'lookup', description: 'lookup tool' },
    ];
    expect(saved.json<Agent>().tools).toEqual(expected);
    expect((await call('GET', '/api/agents')).json<Agent[]>().find((a) => a.id === agent.id)?.tools).toEqual(expected);
    // The objects GET answered are accepted back as well.
    expect((await patch({ tools: expected })).json<Agent>().tools).toEqual(expected);
    expect((await patch({ tools: [] })).json<Agent>().tools).toEqual([]);
  });

  it("refuses an unknown tool id and another user's tool", async () => {
    const other = await t.createUser();
    const foreign = await insertTool(other.id, 'theirs');
    const mine = await insertTool(userId, 'mine');
    for (const id of [randomUUID(), foreign]) {
      const response = await patch({ tools: [mine, id] });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(`tools: unknown tool id ${id}`);
    }
    expect((await call('GET', `/api/agents/${agent.id}`)).json<Agent>().tools.map((tool) => tool.id)).not.toContain(
      mine,
    );
  });

  it('deleting a tool removes it from every agent that had it', async () => {
    const kept = await insertTool(userId, 'kept');
    const gone = await insertTool(userId, 'gone');
    const second = (await call('POST', '/api/agents', { name: 'Second' })).json<Agent>();
    await patch({ tools: [gone, kept] });
    await call('PATCH', `/api/agents/${second.id}`, { tools: [gone] });
    await t.db.deleteFrom('tools').where('id', '=', gone).execute();
    expect((await call('GET', `/api/agents/${agent.id}`)).json<Agent>().tools.map((tool) => tool.name)).toEqual([
      'kept',
    ]);
    expect((await call('GET', `/api/agents/${second.id}`)).json<Agent>().tools).toEqual([]);
  });
});

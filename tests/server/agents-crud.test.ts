import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_DEFAULTS } from '../../shared/defaults.js';
import type { Agent } from '../../shared/types/agent.js';
import { BUILTIN_FUNCTION_DEFAULTS } from '../../shared/types/builtinFunctions.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';
import { signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function signedIn(fields: Partial<TestUser> = {}) {
  const { user, call } = await signedInCaller(t, fields);
  const create = async (name: string): Promise<Agent> => {
    const response = await call('POST', '/api/agents', { name });
    expect(response.statusCode).toBe(201);
    return response.json<Agent>();
  };
  return { user, call, create };
}

describe('creating an agent', () => {
  it('answers 201 with the trimmed name and every spec default', async () => {
    const { call } = await signedIn();
    const response = await call('POST', '/api/agents', { name: '  Front desk  ' });
    expect(response.statusCode).toBe(201);
    const agent = response.json<Agent>();
    expect(agent).toEqual({
      id: expect.any(String),
      name: 'Front desk',
      description: '',
      instructions: '',
      systemMessage: '',
      voice: 'alloy',
      phoneNumber: null,
      tools: [],
      speakFirst: false,
      transcription: false,
      transcription_model: 'whisper-1',
      transcription_language: '',
      transcription_prompt: '',
      noise_reduction: 'none',
      input_audio_format: 'g711_ulaw',
      output_audio_format: 'g711_ulaw',
      temperature: 0.8,
      response_output_tokens_limit: false,
      max_response_output_tokens: 2048,
      model: '4o-mini',
      turn_detection_type: 'server_vad',
      prefix_padding_ms: 300,
      silence_duration_ms: 500,
      threshold: 0.5,
      eagerness: 'medium',
      keep_history_days: null,
      record_calls: false,
      builtinFunctions: BUILTIN_FUNCTION_DEFAULTS,
      knowledgeBots: [],
    });
    const {
      id: _id,
      name: _name,
      phoneNumber: _phone,
      tools: _tools,
      builtinFunctions: _builtins,
      knowledgeBots: _knowledge,
      ...settings
    } = agent;
    expect(settings).toEqual(AGENT_DEFAULTS);
  });

  it.each([
    [{ name: '   ' }, 'Agent name is required'],
    [{ name: '' }, 'Agent name is required'],
    [{}, 'Agent name is required'],
    [{ name: 'x'.repeat(101) }, 'name: must be at most 100 characters long'],
    [{ name: 42 }, 'name: must be a string'],
    [{ name: 'ok', voice: 'ash' }, 'voice: is not an accepted field'],
  ])('refuses %j with 400 "%s"', async (payload, error) => {
    const { call } = await signedIn();
    const response = await call('POST', '/api/agents', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error });
    expect((await call('GET', '/api/agents')).json()).toEqual([]);
  });

  it('accepts a name of exactly 100 characters', async () => {
    const { call } = await signedIn();
    expect((await call('POST', '/api/agents', { name: 'n'.repeat(100) })).statusCode).toBe(201);
  });
});

describe('listing, reading and deleting', () => {
  it("lists only the effective user's agents, newest first", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await alice.create('First');
    t.clock.advance(1000);
    await alice.create('Second');
    t.clock.advance(1000);
    await bob.create('Bob agent');
    const list = (await alice.call('GET', '/api/agents')).json<Agent[]>();
    expect(list.map((a) => a.name)).toEqual(['Second', 'First']);
    expect((await bob.call('GET', '/api/agents')).json<Agent[]>().map((a) => a.name)).toEqual(['Bob agent']);
  });

  it('reads one agent; another user\'s or a missing one is 404 "Agent not found"', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const agent = await alice.create('Reader');
    const mine = await alice.call('GET', `/api/agents/${agent.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(agent);
    for (const response of [
      await bob.call('GET', `/api/agents/${agent.id}`),
      await alice.call('GET', `/api/agents/${randomUUID()}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Agent not found', code: 'not_found' });
    }
  });

  it('deletes an agent with {success:true}; another user cannot', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const agent = await alice.create('Doomed');
    expect((await bob.call('DELETE', `/api/agents/${agent.id}`)).statusCode).toBe(404);
    expect((await bob.call('PATCH', `/api/agents/${agent.id}`, { name: 'Stolen' })).statusCode).toBe(404);
    const deleted = await alice.call('DELETE', `/api/agents/${agent.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect((await alice.call('GET', `/api/agents/${agent.id}`)).statusCode).toBe(404);
    expect((await alice.call('DELETE', `/api/agents/${agent.id}`)).statusCode).toBe(404);
  });

  it('deleting the owner deletes their agents', async () => {
    const alice = await signedIn();
    await alice.create('Orphan');
    await t.db.deleteFrom('users').where('id', '=', alice.user.id).execute();
    expect(await t.db.selectFrom('agents').select('id').where('user_id', '=', alice.user.id).execute()).toEqual([]);
  });
});

describe('impersonation', () => {
  it("an admin impersonating a user lists, creates and edits that user's agents", async () => {
    const alice = await signedIn();
    const admin = await signedIn({ role: 'admin' });
    const own = await admin.create('Admin own');
    const agent = await alice.create('Alice agent');
    const asAlice = (method: Method, url: string, payload?: unknown) => admin.call(method, url, payload, alice.user.id);

    expect((await asAlice('GET', '/api/agents')).json<Agent[]>().map((a) => a.name)).toEqual(['Alice agent']);
    expect((await asAlice('GET', `/api/agents/${own.id}`)).statusCode).toBe(404);
    expect((await asAlice('PATCH', `/api/agents/${agent.id}`, { voice: 'sage' })).json<Agent>().voice).toBe('sage');
    const created = await asAlice('POST', '/api/agents', { name: 'Made for Alice' });
    expect(created.statusCode).toBe(201);

    expect(
      (await alice.call('GET', '/api/agents'))
        .json<Agent[]>()
        .map((a) => a.name)
        .sort(),
    ).toEqual(['Alice agent', 'Made for Alice']);
    expect((await admin.call('GET', '/api/agents')).json<Agent[]>().map((a) => a.name)).toEqual(['Admin own']);
  });
});

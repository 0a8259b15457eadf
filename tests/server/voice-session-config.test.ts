/**
 * The Realtime session of a call is configured with one GA session.update from every agent
 * setting (issue 10), checked by the fake's copy of the real API's schema, and a call whose
 * session can't be configured ends politely.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { providerToolNames } from '../../server/tools/toolNames.js';
import { DEFAULT_REALTIME_MODEL_MAP } from '../../server/voice/realtimeModels.js';
import type { AgentPatch } from '../../shared/types/agent.js';
import { checkSessionUpdate } from '../fixtures/fakeRealtimeSchema.js';
import { startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;

/** The session.update a call of an agent with these settings sends, and the session it got. */
async function sessionFor(agent: AgentPatch, tools?: string[], values: Record<string, string> = {}) {
  const o = await h.owner({ agent });
  for (const [name, value] of Object.entries(values)) await o.call('POST', '/api/custom-values', { name, value });
  if (tools)
    await o.call('PATCH', `/api/agents/${o.agent.id}`, {
      tools: await Promise.all(tools.map((name) => makeTool(o.call, name))),
    });
  const call = await h.incomingCall(o);
  const update = await call.realtime.waitFor('session.update');
  await waitUntil(() => call.realtime.sent.some((e) => e.type === 'session.updated' || e.type === 'error'));
  call.twilio.hangUp();
  return { session: update.session as Json, realtime: call.realtime };
}

async function makeTool(call: VoiceOwner['call'], name: string): Promise<string> {
  const parameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
  const tool = (
    await call('POST', '/api/tools', {
      name,
      description: `Looks up ${name}`,
      type: 'object',
      parameters,
      handler_code: 'async function handler(){return 1}',
    })
  ).json<{ id: string }>();
  return tool.id;
}

describe('session.update from the agent', () => {
  it('maps every setting of a server_vad agent to the GA shape, and the API accepts it', async () => {
    const { session, realtime } = await sessionFor(
      {
        voice: 'coral',
        model: '4o-realtime',
        instructions: 'Help callers of {{SHOP}}. Unknown {{NOPE}} stays.',
        systemMessage: 'You are the phone line of {{SHOP}}.',
        transcription: true,
        transcription_model: 'gpt-4o-transcribe',
        transcription_language: 'fr',
        transcription_prompt: 'Order numbers like A-123',
        noise_reduction: 'far_field',
        input_audio_format: 'g711_ulaw',
        output_audio_format: 'g711_ulaw',
        temperature: 1.1,
        response_output_tokens_limit: true,
        max_response_output_tokens: 777,
        turn_detection_type: 'server_vad',
        prefix_padding_ms: 250,
        silence_duration_ms: 650,
        threshold: 0.7,
      },
      undefined,
      { SHOP: 'Acme Bikes' },
    );
    expect(session).toEqual({
      type: 'realtime',
      model: 'gpt-realtime-2.1',
      output_modalities: ['audio'],
      instructions: 'You are the phone line of Acme Bikes.\n\nHelp callers of Acme Bikes. Unknown {{NOPE}} stays.',
      audio: {
        input: {
          format: { type: 'audio/pcmu' },
          noise_reduction: { type: 'far_field' },
          transcription: { model: 'gpt-4o-transcribe', language: 'fr', prompt: 'Order numbers like A-123' },
          turn_detection: {
            type: 'server_vad',
            threshold: 0.7,
            prefix_padding_ms: 250,
            silence_duration_ms: 650,
            create_response: true,
            interrupt_response: true,
          },
        },
        output: { format: { type: 'audio/pcmu' }, voice: 'coral' },
      },
      tools: [],
      tool_choice: 'auto',
      max_output_tokens: 777,
    });
    expect(session).not.toHaveProperty('temperature');
    expect(realtime.sent.map((e) => e.type)).toContain('session.updated');
    expect(realtime.sent.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('maps semantic_vad, no transcription, no noise reduction, no token limit, A-law in and PCM16 out', async () => {
    const { session, realtime } = await sessionFor({
      turn_detection_type: 'semantic_vad',
      eagerness: 'high',
      transcription: false,
      noise_reduction: 'none',
      response_output_tokens_limit: false,
      input_audio_format: 'g711_alaw',
      output_audio_format: 'pcm16',
      model: '4o-mini',
    });
    const audio = session.audio as { input: Json; output: Json };
    expect(audio.input).toEqual({
      format: { type: 'audio/pcma' },
      noise_reduction: null,
      transcription: null,
      turn_detection: { type: 'semantic_vad', eagerness: 'high', create_response: true, interrupt_response: true },
    });
    expect(audio.output.format).toEqual({ type: 'audio/pcm', rate: 24000 });
    expect(session.max_output_tokens).toBe('inf');
    expect(session.model).toBe(DEFAULT_REALTIME_MODEL_MAP['4o-mini']);
    expect(realtime.sent.some((e) => e.type === 'session.updated')).toBe(true);
  });

  it("sends the agent's tools as flat functions with provider-safe, distinct names", async () => {
    const { session, realtime } = await sessionFor({}, ['weather.lookup', 'weather_lookup', 'find order']);
    expect((session.tools as Json[]).map((t) => [t.type, t.name])).toEqual([
      ['function', 'weather_lookup_2'],
      ['function', 'weather_lookup'],
      ['function', 'find_order'],
    ]);
    expect((session.tools as Json[])[0]).toMatchObject({
      description: 'Looks up weather.lookup',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    });
    expect(realtime.sent.some((e) => e.type === 'session.updated')).toBe(true);
  });
});

describe('tool names for the provider', () => {
  it('keeps valid names, replaces other characters, cuts to 64 and de-duplicates', () => {
    const long = 'x'.repeat(70);
    const names = providerToolNames(['ok-name_1', 'a.b', 'a_b', '', long, long, 'ünï']);
    expect(names).toEqual(['ok-name_1', 'a_b_2', 'a_b', 'tool', 'x'.repeat(64), `${'x'.repeat(62)}_2`, '_n_']);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});

describe('model table', () => {
  it("maps the spec's models to current GA names and takes REALTIME_MODEL_MAP overrides", () => {
    // gpt-realtime and gpt-realtime-mini are reported to retire on 2027-01-20 (VOICE.md §10).
    expect(loadConfig({}).realtimeModels).toEqual({
      '4o-mini': 'gpt-realtime-2.1-mini',
      '4o-preview': 'gpt-realtime-2.1',
      '4o-realtime': 'gpt-realtime-2.1',
    });
    const config = loadConfig({
      REALTIME_MODEL_MAP: '4o-mini=gpt-realtime-mini-2025-12-15, 4o-realtime=gpt-realtime-2',
    });
    expect(config.realtimeModels).toEqual({
      '4o-mini': 'gpt-realtime-mini-2025-12-15',
      '4o-preview': 'gpt-realtime-2.1',
      '4o-realtime': 'gpt-realtime-2',
    });
    expect(() => loadConfig({ REALTIME_MODEL_MAP: 'gpt-4=x' })).toThrow(
      /REALTIME_MODEL_MAP entries must look like 4o-mini=gpt-realtime-mini/,
    );
  });
});

describe('the fake refuses what the real API refuses', () => {
  it('answers beta-shaped and unknown fields with unknown_parameter naming the field', () => {
    expect(checkSessionUpdate({ type: 'realtime', input_audio_format: 'g711_ulaw' })).toMatchObject({
      code: 'unknown_parameter',
      message: "Unknown parameter: 'session.input_audio_format'.",
      param: 'session.input_audio_format',
    });
    expect(checkSessionUpdate({ type: 'realtime', temperature: 0.8 })?.param).toBe('session.temperature');
    expect(checkSessionUpdate({ type: 'realtime', modalities: ['audio'] })?.param).toBe('session.modalities');
    expect(checkSessionUpdate({ type: 'realtime', voice: 'alloy' })?.param).toBe('session.voice');
    expect(checkSessionUpdate({ voice: 'alloy' })?.code).toBe('missing_required_parameter');
  });
});

describe("a session that can't be configured", () => {
  it('ends the call politely: the stream closes (Twilio then says goodbye) and the session ends', async () => {
    h.realtime.setBehaviour({
      sessionUpdateError: {
        type: 'invalid_request_error',
        code: 'unknown_parameter',
        message: "Unknown parameter: 'session.audio.input.format'.",
        param: 'session.audio.input.format',
        event_id: null,
      },
    });
    try {
      const o = await h.owner({ agent: { speakFirst: true } });
      const events = await o.console();
      const call = await h.incomingCall(o);
      expect((await call.twilio.closed).code).toBe(1000);
      expect((await call.realtime.closed).code).toBe(1000);
      expect(call.realtime.received.some((e) => e.type === 'response.create')).toBe(false);
      const types: string[] = [];
      for (let m = await events.nextMessage(); ; m = await events.nextMessage()) {
        types.push(m.type);
        if (m.type === 'session.ended') break;
      }
      expect(types).toEqual(['session.created', 'session.ended']);
    } finally {
      h.realtime.setBehaviour({ sessionUpdateError: null });
    }
  });

  it("ends the call politely when the Realtime API refuses the owner's key", async () => {
    const o = await h.owner();
    await o.call('PUT', '/api/accounts/settings', { openai_api_key: 'sk-revoked-key-000000' });
    const refused = h.realtime.refused;
    const { twilio } = await h.ring(o);
    expect((await twilio.closed).code).toBe(1000);
    expect(h.realtime.refused).toBe(refused + 1);
    await waitUntil(() => h.t.app.calls.size === 0);
    expect((await o.call('GET', '/api/sessions/active-sessions')).json()).toEqual({ success: true, sessions: [] });
  });

  it('ends the call politely when the owner has no OpenAI key, opening no Realtime socket', async () => {
    const o = await h.owner();
    await o.call('PUT', '/api/accounts/settings', { openai_api_key: '' });
    const before = h.realtime.sessions.length;
    const { twilio } = await h.ring(o);
    expect((await twilio.closed).code).toBe(1000);
    expect(h.realtime.sessions.length).toBe(before);
    // The Twilio side is closed first, then the session's end is stored (CallBridge#finish).
    await waitUntil(() => h.t.app.calls.size === 0);
    const ended = (await o.call('GET', '/api/sessions/ended-sessions')).json<{ sessions: unknown[] }>();
    expect(ended.sessions).toHaveLength(1);
  });
});

/**
 * The tool loop (VOICE.md §3.6): the model's function calls run after response.done in the
 * sandbox with the owner's custom values; every call id gets one function_call_output (an error
 * for a failing, unknown or badly called tool), then one response.create; the owner's consoles
 * see each call's arguments and output, and the session keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionMessage } from '../../shared/types/session.js';
import type { ScriptedResponse } from '../fixtures/fakeRealtimeBehaviour.js';
import { type RingingCall, startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;
const PARAMETERS = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

async function tool(o: VoiceOwner, name: string, code: string): Promise<string> {
  const response = await o.call('POST', '/api/tools', {
    name,
    description: `The ${name} tool`,
    type: 'object',
    parameters: PARAMETERS,
    handler_code: code,
  });
  return response.json<{ id: string }>().id;
}

/** A call whose greeting response is `first` (then `then`), for an owner with the weather tools. */
async function callWithTools(
  first: ScriptedResponse,
  then: ScriptedResponse[] = [{ text: 'It is sunny in Paris.' }],
  options: { race?: boolean } = {},
) {
  const o = await h.owner({ agent: { speakFirst: true } });
  await o.call('POST', '/api/custom-values', { name: 'GREETING', value: 'Bonjour' });
  const weather = await tool(
    o,
    'weather',
    'async function handler(args, { values }) { return { city: args.city, sky: "sunny", greeting: values.GREETING }; }',
  );
  const broken = await tool(
    o,
    'broken',
    'async function handler() { throw new Error("the weather service is down"); }',
  );
  await o.call('PATCH', `/api/agents/${o.agent.id}`, { tools: [weather, broken] });
  const events = await o.console();
  h.realtime.setBehaviour({ responses: [first, ...then], autoRespondToToolOutput: options.race ?? false });
  let call: RingingCall;
  try {
    call = await h.incomingCall(o);
  } finally {
    h.realtime.setBehaviour({ responses: [], autoRespondToToolOutput: false });
  }
  return { o, call, events, weather, broken };
}

const outputs = (call: RingingCall) =>
  call.realtime.received
    .filter((e) => e.type === 'conversation.item.create')
    .map((e) => e.item as { type: string; call_id: string; output: string });

describe('tool calls', () => {
  it('runs two calls in the sandbox, answers each call id once, then asks for one response', async () => {
    const { o, call, events, weather, broken } = await callWithTools({
      functionCalls: [
        { name: 'weather', arguments: '{"city":"Paris"}' },
        { name: 'broken', arguments: '{"city":"Oslo"}' },
      ],
    });
    await waitUntil(() => outputs(call).length === 2);
    await waitUntil(() => call.realtime.received.filter((e) => e.type === 'response.create').length === 2);
    const made = (call.realtime.sent.find((e) => e.type === 'response.done')!.response as { output: Json[] }).output;
    const byName = Object.fromEntries(made.map((item) => [item.name, item.call_id]));
    const answered = Object.fromEntries(outputs(call).map((item) => [item.call_id, JSON.parse(item.output) as Json]));
    expect(answered[String(byName.weather)]).toEqual({ city: 'Paris', sky: 'sunny', greeting: 'Bonjour' });
    expect(answered[String(byName.broken)]).toEqual({ error: expect.stringContaining('the weather service is down') });
    // The outputs come before the one response.create that follows them.
    const order = call.realtime.received
      .map((e) => e.type)
      .filter((t) => t === 'conversation.item.create' || t === 'response.create');
    expect(order).toEqual([
      'response.create',
      'conversation.item.create',
      'conversation.item.create',
      'response.create',
    ]);
    expect(call.realtime.sent.filter((e) => e.type === 'error')).toEqual([]);

    const seen: Json[] = [];
    for (let m = await events.nextMessage(); seen.length < 2; m = await events.nextMessage())
      if (m.type === 'call.function_output') seen.push(m as unknown as Json);
    expect(seen.map((e) => [e.function_id, e.message, e.function_args])).toEqual(
      expect.arrayContaining([
        [weather, 'weather', '{"city":"Paris"}'],
        [broken, 'broken', '{"city":"Oslo"}'],
      ]),
    );
    expect(seen.every((e) => e.streamSid === call.streamSid && typeof e.output === 'string')).toBe(true);

    await call.twilio.waitFor((m) => m.event === 'media');
    await waitUntil(() => call.realtime.sent.filter((e) => e.type === 'response.done').length === 2);
    call.twilio.hangUp();
    await call.realtime.closed;
    await waitUntil(() => h.t.app.calls.size === 0);
    const messages = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<SessionMessage[]>();
    const functions = messages.filter((m) => m.type === 'function');
    expect(functions.map((m) => m.function_id).sort()).toEqual([weather, broken].sort());
    expect(functions.find((m) => m.function_id === weather)).toMatchObject({
      message: 'weather',
      function_args: '{"city":"Paris"}',
      function_output: expect.stringContaining('"sky":"sunny"'),
    });
    expect(messages.some((m) => m.type === 'assistant' && m.message === 'It is sunny in Paris.')).toBe(true);
  });

  it('answers bad JSON, arguments that break the schema and unknown tools with an error, never silence', async () => {
    const { call } = await callWithTools({
      functionCalls: [
        { name: 'weather', arguments: '{"city":' },
        { name: 'weather', arguments: '{"town":"Paris"}' },
        { name: 'teleport', arguments: '{}' },
      ],
    });
    await waitUntil(() => outputs(call).length === 3);
    const made = (call.realtime.sent.find((e) => e.type === 'response.done')!.response as { output: Json[] }).output;
    const byCall = new Map(
      outputs(call).map((item) => [item.call_id, (JSON.parse(item.output) as { error?: string }).error]),
    );
    const errors = made.map((item) => byCall.get(String(item.call_id)));
    expect(errors[0]).toBe('The arguments are not valid JSON');
    expect(errors[1]).toMatch(/city/);
    expect(errors[2]).toBe('Unknown tool');
    await waitUntil(() => call.realtime.received.filter((e) => e.type === 'response.create').length === 2);
    call.twilio.hangUp();
  });

  it('survives the server answering a tool output on its own before the client asks', async () => {
    const { call } = await callWithTools(
      { functionCalls: [{ name: 'weather', arguments: '{"city":"Paris"}' }] },
      [{ text: 'Sunny.' }, { text: 'Anything else?' }],
      { race: true },
    );
    await waitUntil(() => call.realtime.sent.some((e) => e.type === 'error'));
    expect(call.realtime.sent.filter((e) => e.type === 'error').map((e) => (e.error as Json).code)).toEqual([
      'conversation_already_has_active_response',
    ]);
    await waitUntil(() => call.realtime.sent.filter((e) => e.type === 'response.done').length === 2);
    await new Promise((r) => setTimeout(r, 300));
    // One answer to the tool output, not two.
    expect(call.realtime.sent.filter((e) => e.type === 'response.created')).toHaveLength(2);
    expect(call.twilio.isOpen).toBe(true);
    call.twilio.hangUp();
  });
});

/**
 * Call control (issue 23) against the fakes: the model's transfer_call says the transfer line,
 * waits until the caller has heard it (its last mark echoed), then moves the call with Twilio's
 * REST call update to a `<Dial>` from the call's own number, never `Status=completed`; the session
 * keeps where, why, by whom and the dial's result. end_call hangs up through REST once the goodbye
 * has played. The operator's Transfer moves a live call to one of its agent's destinations, and
 * nobody else's. Reserved names and the settings' validation answer 400s naming the field.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_NOT_ANSWERED_MESSAGE } from '../../server/voice/dialResult.js';
import type { Agent } from '../../shared/types/agent.js';
import { BUILTIN_FUNCTION_DEFAULTS } from '../../shared/types/builtinFunctions.js';
import type { CallSession } from '../../shared/types/session.js';
import type { ScriptedResponse } from '../fixtures/fakeRealtimeBehaviour.js';
import { type RingingCall, startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;
const SALES = { name: 'Sales desk', phoneNumber: '+14155550123', whenToUse: 'The caller wants to buy something' };
const LINE = 'One moment, I am putting you through to a colleague.';
const CALL_CONTROL = {
  ...BUILTIN_FUNCTION_DEFAULTS,
  transferCall: { enabled: true, destinations: [SALES], transferLine: LINE },
  endCall: { enabled: true },
};

async function callWith(responses: ScriptedResponse[]): Promise<{ o: VoiceOwner; call: RingingCall }> {
  const o = await h.owner({ agent: { speakFirst: true, builtinFunctions: CALL_CONTROL } });
  h.realtime.setBehaviour({ responses });
  try {
    return { o, call: await h.incomingCall(o) };
  } finally {
    h.realtime.setBehaviour({ responses: [] });
  }
}

const session = async (o: VoiceOwner, streamSid: string) =>
  (await o.call('GET', `/api/sessions/active-sessions/${streamSid}`)).json<CallSession>();

/** What the caller had heard, and had been sent, when Twilio was asked to move or end the call. */
function heardWhen(call: RingingCall, event: 'updated' | 'completed') {
  const seen: { playedMs: number; sentMs: number }[] = [];
  const snapshot = (sid: string) => {
    if (sid === call.callSid)
      seen.push({ playedMs: call.twilio.playedMs, sentMs: call.twilio.receivedAudio().length / 8 });
  };
  if (event === 'updated') h.rest.onCallUpdated((updated) => snapshot(updated.sid));
  else h.rest.onCallCompleted(snapshot);
  return seen;
}

describe('transfer_call by the model', () => {
  it('offers the destinations, says the line to its end, then dials the number from the call’s own number', async () => {
    const { o, call } = await callWith([
      {
        functionCalls: [{ name: 'transfer_call', arguments: '{"destination":"Sales desk","reason":"wants a quote"}' }],
      },
      { text: LINE, audioMs: 800 },
    ]);
    const heard = heardWhen(call, 'updated');
    const update = (await call.realtime.waitFor('session.update')).session as { tools: Json[] };
    const offered = update.tools.find((t) => t.name === 'transfer_call') as { parameters: Json };
    expect(offered.parameters).toMatchObject({
      properties: { destination: { enum: ['Sales desk'] } },
      required: ['destination', 'reason'],
    });

    const said = await call.realtime.waitFor('response.create', (e) => e.response !== undefined);
    expect(said.response).toMatchObject({ instructions: expect.stringContaining(LINE), tool_choice: 'none' });
    await waitUntil(() => h.rest.updates.some((u) => u.callSid === call.callSid), 10_000);
    const twiml = h.rest.updates.find((u) => u.callSid === call.callSid)!.twiml;
    expect(twiml).toContain(`<Dial callerId="${o.number}"`);
    expect(twiml).toContain('<Number>+14155550123</Number>');
    expect(twiml).toContain(
      `action="https://switchboard.example.com/api/twilio/dial-result?streamSid=${call.streamSid}"`,
    );
    // The whole line was sent and had played (its last mark echoed) before the call moved.
    expect(heard[0]!.sentMs).toBeGreaterThanOrEqual(700);
    expect(heard[0]!.playedMs).toBeGreaterThanOrEqual(heard[0]!.sentMs);

    await call.realtime.closed;
    await waitUntil(() => h.dialResults.some((d) => d.callSid === call.callSid && 'status' in d.answer));
    // The caller's leg was moved, not hung up: no Status=completed.
    expect(h.rest.calls.find((c) => c.sid === call.callSid)!.status).toBe('in-progress');
    await waitUntil(async () => (await session(o, call.streamSid)).transfer?.dialStatus === 'completed');
    expect(await session(o, call.streamSid)).toMatchObject({
      active: false,
      endReason: 'transferred',
      transfer: { destination: 'Sales desk', phoneNumber: '+14155550123', reason: 'wants a quote', by: 'agent' },
    });
    const messages = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<Json[]>();
    expect(messages.find((m) => m.type === 'function')).toMatchObject({
      message: 'transfer_call',
      function_output: JSON.stringify({ transferring_to: 'Sales desk' }),
    });
  }, 20_000);

  it('records a dial nobody answered and has Twilio apologise before hanging up', async () => {
    h.rest.dialOutcome = 'no-answer';
    try {
      const { o, call } = await callWith([
        { functionCalls: [{ name: 'transfer_call', arguments: '{"destination":"sales desk","reason":"quote"}' }] },
        { text: LINE, audioMs: 300 },
      ]);
      await waitUntil(() => h.dialResults.some((d) => d.callSid === call.callSid && 'status' in d.answer), 10_000);
      const delivery = h.dialResults.find((d) => d.callSid === call.callSid)!;
      expect(delivery.answer).toMatchObject({
        status: 200,
        body: expect.stringContaining(TRANSFER_NOT_ANSWERED_MESSAGE),
      });
      expect((await session(o, call.streamSid)).transfer).toMatchObject({ dialStatus: 'no-answer' });
    } finally {
      h.rest.dialOutcome = 'completed';
    }
  }, 20_000);

  it('answers an unknown destination with an error the model can correct, and moves nothing', async () => {
    const { call } = await callWith([
      { functionCalls: [{ name: 'transfer_call', arguments: '{"destination":"Billing","reason":"x"}' }] },
      { text: 'Sorry, let me try again.' },
    ]);
    const output = await call.realtime.waitFor('conversation.item.create');
    expect(JSON.parse(String((output.item as Json).output))).toEqual({
      error: 'Unknown destination: choose one of Sales desk',
    });
    // The model is asked to answer, as after any tool.
    await waitUntil(() => call.realtime.received.filter((e) => e.type === 'response.create').length === 2);
    expect(h.rest.updates.some((u) => u.callSid === call.callSid)).toBe(false);
  });

  it('refuses the Dial action when it is not signed by the owner', async () => {
    const answer = await h.t.app.inject({
      method: 'POST',
      url: '/api/twilio/dial-result?streamSid=MZ123',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'forged' },
      payload: `CallSid=CA${'1'.repeat(32)}&AccountSid=AC1&DialCallStatus=completed`,
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('end_call', () => {
  it('hangs up through Twilio once the goodbye has played, and asks the model for nothing more', async () => {
    const { o, call } = await callWith([
      { text: 'Thanks for calling, goodbye!', audioMs: 900, functionCalls: [{ name: 'end_call', arguments: '{}' }] },
    ]);
    const heard = heardWhen(call, 'completed');
    await call.realtime.closed;
    await waitUntil(() => heard.length === 1, 10_000);
    expect(heard[0]!.sentMs).toBeGreaterThanOrEqual(800);
    expect(heard[0]!.playedMs).toBeGreaterThanOrEqual(heard[0]!.sentMs);
    expect(h.rest.calls.find((c) => c.sid === call.callSid)!.status).toBe('completed');
    expect(call.realtime.received.filter((e) => e.type === 'response.create')).toHaveLength(1);
    await waitUntil(async () => (await session(o, call.streamSid)).active === false);
    expect((await session(o, call.streamSid)).endReason).toBe('ended_by_agent');
  }, 20_000);
});

describe('the operator’s Transfer', () => {
  it('moves a live call to a destination with the operator’s name as the reason; another owner gets 404', async () => {
    const { o, call } = await callWith([{ text: 'Hello, how can I help?' }]);
    await call.twilio.waitFor((m) => m.event === 'media');
    const other = await h.owner();
    const stranger = await other.call('POST', '/api/sessions/transfer', {
      streamSid: call.streamSid,
      destination: 'Sales desk',
    });
    expect(stranger.statusCode).toBe(404);
    const unknown = await o.call('POST', '/api/sessions/transfer', {
      streamSid: call.streamSid,
      destination: 'Nobody',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^destination: /);
    expect(h.rest.updates.some((u) => u.callSid === call.callSid)).toBe(false);

    const answer = await o.call('POST', '/api/sessions/transfer', {
      streamSid: call.streamSid,
      destination: 'Sales desk',
    });
    expect(answer.statusCode).toBe(200);
    expect(h.rest.updates.find((u) => u.callSid === call.callSid)!.twiml).toContain('<Number>+14155550123</Number>');
    await call.realtime.closed;
    await waitUntil(async () => (await session(o, call.streamSid)).active === false);
    expect(await session(o, call.streamSid)).toMatchObject({
      endReason: 'transferred',
      transfer: { destination: 'Sales desk', reason: `Transferred by ${o.user.username}`, by: 'operator' },
    });
    expect(h.rest.calls.find((c) => c.sid === call.callSid)!.status).toBe('in-progress');
  }, 20_000);

  it("answers Twilio's refusal as a 400 with its message, and the call goes on", async () => {
    const { o, call } = await callWith([{ text: 'Hello.' }]);
    await call.twilio.waitFor((m) => m.event === 'media');
    h.rest.failNextUpdate(400, 21220, 'Call is not in-progress. Cannot redirect.');
    const answer = await o.call('POST', '/api/sessions/transfer', {
      streamSid: call.streamSid,
      destination: 'Sales desk',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toContain('Cannot redirect');
    expect(call.twilio.isOpen).toBe(true);
    expect((await session(o, call.streamSid)).transfer).toBeNull();
  });
});

describe('settings and reserved names', () => {
  it('refuses a user tool named like a built-in function, naming `name`', async () => {
    const o = await h.owner();
    for (const name of ['transfer_call', 'End_Call']) {
      const answer = await o.call('POST', '/api/tools', { name, description: 'mine', type: 'object' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toMatch(/^name: .* is the name of a built-in function/);
    }
  });

  it('reads every function off by default and names the bad field of a patch', async () => {
    const o = await h.owner();
    expect(o.agent.builtinFunctions).toEqual({
      transferCall: { enabled: false, destinations: [], transferLine: 'Please hold while I transfer your call.' },
      endCall: { enabled: false },
      pressDigits: { enabled: false },
      voicemail: { action: 'off', message: '' },
    });
    const patch = (builtinFunctions: unknown) => o.call('PATCH', `/api/agents/${o.agent.id}`, { builtinFunctions });
    const cases: [unknown, string][] = [
      [
        { transferCall: { destinations: [{ name: 'A', phoneNumber: '555' }] } },
        'builtinFunctions.transferCall.destinations[0].phoneNumber: ',
      ],
      [
        { transferCall: { destinations: [{ name: ' ', phoneNumber: '+14155550123' }] } },
        'builtinFunctions.transferCall.destinations[0].name: is required',
      ],
      [
        { transferCall: { enabled: true, destinations: [] } },
        'builtinFunctions.transferCall.destinations: must hold at least one',
      ],
      [
        {
          transferCall: {
            destinations: Array.from({ length: 11 }, (_, i) => ({ name: `D${i}`, phoneNumber: '+14155550123' })),
          },
        },
        'builtinFunctions.transferCall.destinations: must hold at most 10',
      ],
      [
        { transferCall: { destinations: [SALES, { ...SALES }] } },
        'builtinFunctions.transferCall.destinations[1].name: is already used',
      ],
      [{ endCall: { enabled: 'yes' } }, 'builtinFunctions.endCall.enabled: must be true or false'],
      [{ pressAnything: {} }, 'builtinFunctions.pressAnything: is not a built-in function'],
      ['on', 'builtinFunctions: must be an object'],
    ];
    for (const [body, error] of cases) {
      const answer = await patch(body);
      expect(answer.statusCode, error).toBe(400);
      expect(answer.json().error).toContain(error);
    }
    const saved = await patch({
      transferCall: { enabled: true, destinations: [{ ...SALES, phoneNumber: '+1 (415) 555-0123' }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Agent>().builtinFunctions).toMatchObject({
      transferCall: { enabled: true, destinations: [SALES] },
      endCall: { enabled: false },
    });
  });
});

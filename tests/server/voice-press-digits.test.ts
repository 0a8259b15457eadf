/**
 * The agent presses keys (issue 23, VOICE.md §14.6): `press_digits` is offered when the agent has
 * it on; good keys update the call with `<Play digits>` then a `<Connect><Stream>` back with a
 * resume token, and the call goes on over Twilio's new stream with the same Realtime session and
 * the same session row; bad keys go back to the model as an error it can correct; a stream with a
 * forged, replayed or unsigned resume token is refused and attaches to nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../server/twilio/signature.js';
import { BUILTIN_FUNCTION_DEFAULTS } from '../../shared/types/builtinFunctions.js';
import type { CallSession, SessionMessage } from '../../shared/types/session.js';
import type { ScriptedResponse } from '../fixtures/fakeRealtimeBehaviour.js';
import { FakeTwilioCall } from '../fixtures/fakeTwilioCall.js';
import { parseConnectTwiml } from '../fixtures/fakeTwilioWebhook.js';
import { toneMulaw } from '../helpers/audioSignals.js';
import { type RingingCall, startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;
const KEYS_ON = { ...BUILTIN_FUNCTION_DEFAULTS, pressDigits: { enabled: true } };

async function callWith(responses: ScriptedResponse[], builtins = KEYS_ON) {
  const o = await h.owner({ agent: { speakFirst: true, builtinFunctions: builtins } });
  h.realtime.setBehaviour({ responses });
  try {
    return { o, call: await h.incomingCall(o) };
  } finally {
    h.realtime.setBehaviour({ responses: [] });
  }
}

const press = (digits: string): ScriptedResponse => ({
  text: 'Pressing one for billing.',
  audioMs: 300,
  functionCalls: [{ name: 'press_digits', arguments: JSON.stringify({ digits }) }],
});

const appends = (call: RingingCall) =>
  call.realtime.received.filter((e) => e.type === 'input_audio_buffer.append').length;

const messagesOf = async (o: VoiceOwner, streamSid: string) =>
  (await o.call('GET', `/api/sessions/messages/${streamSid}`)).json<SessionMessage[]>();

/** Presses `digits` on a new call and waits for Twilio's new stream. */
async function pressedCall(digits: string) {
  const { o, call } = await callWith([press(digits)]);
  await waitUntil(() => call.twilio.next !== null, 10_000);
  return { o, call, next: call.twilio.next! };
}

describe('press_digits', () => {
  it('is offered only when the agent has it on', async () => {
    const on = await callWith([]);
    const offered = (await on.call.realtime.waitFor('session.update')).session as { tools: Json[] };
    expect(offered.tools.find((t) => t.name === 'press_digits')).toMatchObject({
      parameters: { required: ['digits'] },
    });
    on.call.twilio.hangUp();
    const off = await callWith([], BUILTIN_FUNCTION_DEFAULTS);
    const none = (await off.call.realtime.waitFor('session.update')).session as { tools?: Json[] };
    expect((none.tools ?? []).some((t) => t.name === 'press_digits')).toBe(false);
    off.call.twilio.hangUp();
  });

  it('plays the keys, then goes on over the new stream with the same Realtime session and session row', async () => {
    const { o, call, next } = await pressedCall('1w2#');
    const update = h.rest.updates.find((u) => u.callSid === call.callSid)!;
    expect(update.twiml).toMatch(
      /^<\?xml[^>]*><Response><Play digits="1w2#"\/><Connect><Stream url="wss:\/\/switchboard\.example\.com\/api\/twilio\/media-stream">/,
    );
    expect(call.twilio.playedDigits).toBe('1w2#');
    const token = parseConnectTwiml(update.twiml)!.parameters.resume ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);
    // The agent's words had played before the keys were pressed.
    expect(call.twilio.playedMs).toBeGreaterThanOrEqual(250);

    expect(next.streamSid).not.toBe(call.twilio.streamSid);
    await call.twilio.closed;
    expect(call.realtime.isOpen).toBe(true);

    // The menu speaks on the new stream: the same Realtime session hears it and answers there.
    const before = appends(call);
    h.realtime.setBehaviour({ responses: [{ text: 'I would like to pay my bill.', audioMs: 400 }] });
    next.say(toneMulaw(600, 800));
    await waitUntil(() => appends(call) > before + 10);
    await waitUntil(() => next.receivedAudio().length > 0, 10_000);
    expect(next.received.filter((m) => m.event === 'media').every((m) => m.streamSid === next.streamSid)).toBe(true);
    h.realtime.setBehaviour({ responses: [] });
    // No second Realtime session was opened for the new stream.
    expect(h.realtime.sessions.at(-1)).toBe(call.realtime);

    const session = (await o.call('GET', `/api/sessions/active-sessions/${call.streamSid}`)).json<CallSession>();
    expect(session).toMatchObject({ streamSid: call.streamSid, active: true });
    const texts = (await messagesOf(o, call.streamSid)).map((m) => m.message);
    expect(texts).toContain('Agent pressed 1 2 #');
    expect((await o.call('GET', `/api/sessions/active-sessions/${next.streamSid}`)).statusCode).toBe(404);

    next.hangUp();
    await waitUntil(async () => {
      const ended = (await o.call('GET', `/api/sessions/active-sessions/${call.streamSid}`)).json<CallSession>();
      return ended.active === false;
    });
    expect(h.rest.calls.find((c) => c.sid === call.callSid)!.status).toBe('in-progress');
  }, 30_000);

  it.each([
    ['12345678901234567890123456789012345', 'digits must hold at most 32 keys'],
    ['1x', 'digits may hold only 0-9, *, #, A-D, w and W'],
    ['', 'digits must hold at least one digit'],
  ])('refuses %j with an error the model can correct, and touches no call', async (digits, error) => {
    const { call } = await callWith([press(digits), { text: 'Let me try that again.' }]);
    const output = await call.realtime.waitFor(
      'conversation.item.create',
      (e) => (e.item as Json).type === 'function_call_output',
    );
    expect(JSON.parse(String((output.item as Json).output))).toEqual({ error });
    await waitUntil(() => call.realtime.received.filter((e) => e.type === 'response.create').length >= 2);
    expect(h.rest.updates.some((u) => u.callSid === call.callSid)).toBe(false);
    expect(call.twilio.isOpen).toBe(true);
    call.twilio.hangUp();
  });

  it('refuses a stream with a forged, replayed or unsigned resume token, and the call goes on', async () => {
    const { call } = await callWith([press('5')]);
    const attempt = (streamUrl: string, parameters: Record<string, string>, signature?: string | null) =>
      FakeTwilioCall.connect({
        connectUrl: `${h.wsUrl}/api/twilio/media-stream`,
        signedUrl: streamUrl,
        authToken: h.rest.authToken,
        accountSid: h.rest.accountSid,
        callSid: call.callSid,
        parameters,
        signature,
      });
    // Streams presenting the real token while Twilio's own is on its way: unsigned, or signed
    // with another key. They must be refused without spending the token.
    const early: Promise<unknown>[] = [];
    h.rest.onCallUpdated((updated, twiml) => {
      const connect = updated.sid === call.callSid ? parseConnectTwiml(twiml) : null;
      if (!connect) return;
      const otherKey = twilioSignature('another-accounts-auth-token', connect.streamUrl);
      early.push(expect(attempt(connect.streamUrl, connect.parameters, null)).rejects.toThrow('upgrade refused: 403'));
      early.push(
        attempt(connect.streamUrl, connect.parameters, otherKey).then(async (stream) =>
          expect((await stream.closed).code).toBe(1008),
        ),
      );
    });
    await waitUntil(() => call.twilio.next !== null, 10_000);
    const next = call.twilio.next!;
    await Promise.all(early);
    expect(early).toHaveLength(2);

    const connect = parseConnectTwiml(h.rest.updates.find((u) => u.callSid === call.callSid)!.twiml)!;
    const forged = await attempt(connect.streamUrl, { resume: 'x'.repeat(43) });
    const replayed = await attempt(connect.streamUrl, connect.parameters);
    expect((await forged.closed).code).toBe(1008);
    expect((await replayed.closed).code).toBe(1008);

    // Twilio's own stream carries the call on.
    expect(next.isOpen).toBe(true);
    const before = appends(call);
    await waitUntil(() => appends(call) > before + 5);
    next.hangUp();
  }, 30_000);
});

/**
 * Only Twilio opens a bridge (issue 10, VOICE.md §5.2.2): the upgrade must carry Twilio's
 * signature, and the stream's start a fresh one-time token for its call, or the socket is closed
 * before any OpenAI socket opens. Frames sent while the server checks the stream are kept;
 * malformed ones are dropped without harm.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../server/twilio/signature.js';
import { STREAM_REFUSED_CLOSE_CODE } from '../../server/voice/CallRegistry.js';
import { newSid } from '../fixtures/fakeTwilio.js';
import { FakeTwilioCall } from '../fixtures/fakeTwilioCall.js';
import { incomingCallParams, parseConnectTwiml, postTwilioWebhook } from '../fixtures/fakeTwilioWebhook.js';
import { VOICE_PUBLIC_URL, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { startVoiceHarnessWithOwner } from '../helpers/voiceHarnessWithOwner.js';

let h: VoiceHarness;
let o: VoiceOwner;
beforeAll(async () => ({ h, o } = await startVoiceHarnessWithOwner()));
afterAll(() => h.close());

const STREAM_URL = 'wss://switchboard.example.com/api/twilio/media-stream';

/** A signed webhook for a new call; its SID and the TwiML's stream parameters. */
async function answeredCall(): Promise<{ callSid: string; parameters: Record<string, string> }> {
  const callSid = newSid('CA');
  h.rest.addCall({ sid: callSid, from: '+14155550100', to: o.number });
  const params = incomingCallParams({ accountSid: h.rest.accountSid, callSid, from: '+14155550100', to: o.number });
  const answer = await postTwilioWebhook({
    serverUrl: h.serverUrl,
    publicUrl: VOICE_PUBLIC_URL,
    authToken: h.rest.authToken,
    params,
  });
  return { callSid, parameters: parseConnectTwiml(answer.body)!.parameters };
}

function stream(
  callSid: string,
  parameters: Record<string, string>,
  extra: Partial<Parameters<typeof FakeTwilioCall.connect>[0]> = {},
) {
  return FakeTwilioCall.connect({
    connectUrl: `${h.wsUrl}/api/twilio/media-stream`,
    signedUrl: STREAM_URL,
    authToken: h.rest.authToken,
    accountSid: h.rest.accountSid,
    callSid,
    parameters,
    ...extra,
  });
}

/** An answered call whose stream is open and whose Realtime session has been configured. */
async function configuredCall() {
  const { callSid, parameters } = await answeredCall();
  const call = await stream(callSid, parameters);
  const session = await h.realtime.nextSession();
  await session.waitFor('session.update');
  return { call, session };
}

/** Asserts the stream is refused and no OpenAI socket was opened or attempted meanwhile. */
async function expectRefused(connecting: Promise<FakeTwilioCall>): Promise<void> {
  const before = { sessions: h.realtime.sessions.length, refused: h.realtime.refused };
  const call = await connecting;
  expect((await call.closed).code).toBe(STREAM_REFUSED_CLOSE_CODE);
  expect({ sessions: h.realtime.sessions.length, refused: h.realtime.refused }).toEqual(before);
}

describe('media stream authorization', () => {
  it('refuses an upgrade without X-Twilio-Signature with 403', async () => {
    const { callSid, parameters } = await answeredCall();
    await expect(stream(callSid, parameters, { signature: null })).rejects.toThrow('upgrade refused: 403');
  });

  it('closes a stream with a wrong signature without spending its token', async () => {
    const { callSid, parameters } = await answeredCall();
    await expectRefused(stream(callSid, parameters, { signature: twilioSignature('not-the-token', STREAM_URL) }));
    await expectRefused(
      stream(callSid, parameters, { signedUrl: 'wss://elsewhere.example.com/api/twilio/media-stream' }),
    );
    const real = await stream(callSid, parameters);
    const session = await h.realtime.nextSession();
    expect(session.model).toBe('gpt-realtime-2.1-mini');
    real.hangUp();
  });

  it("closes a stream without a token, with a used token, or with another call's token", async () => {
    const { callSid, parameters } = await answeredCall();
    const { token: _token, ...noToken } = parameters;
    await expectRefused(stream(callSid, noToken));
    await expectRefused(stream(callSid, { ...parameters, token: 'forged-token-forged-token-forged-token-0000' }));
    const other = await answeredCall();
    await expectRefused(stream(callSid, other.parameters));
    const first = await stream(callSid, parameters);
    await h.realtime.nextSession();
    await expectRefused(stream(callSid, parameters));
    first.hangUp();
  });

  it('closes a stream from another Twilio account or with an expired token', async () => {
    const a = await answeredCall();
    await expectRefused(stream(a.callSid, a.parameters, { accountSid: `AC${'7'.repeat(32)}` }));
    const b = await answeredCall();
    h.t.clock.advance(61_000);
    await expectRefused(stream(b.callSid, b.parameters));
  });
});

describe('media stream frames', () => {
  it('keeps the caller audio sent while the stream is being checked and set up', async () => {
    const { callSid, parameters } = await answeredCall();
    const call = await stream(callSid, parameters);
    // Distinct frames sent at once, before the server has even read the start.
    const frames = Array.from({ length: 5 }, (_, i) => Buffer.alloc(160, 0x10 + i));
    for (const frame of frames) call.sendFrame(frame);
    const session = await h.realtime.nextSession();
    for (const frame of frames)
      await session.waitFor('input_audio_buffer.append', (e) => e.audio === frame.toString('base64'));
    call.hangUp();
  });

  it('relays bunched, repeated and out-of-order frames as they come', async () => {
    const { call, session } = await configuredCall();
    const frames = [3, 1, 2, 2].map((n) => Buffer.alloc(160, 0x20 + n));
    for (const [i, frame] of frames.entries()) {
      call.sendRaw(
        JSON.stringify({
          event: 'media',
          sequenceNumber: String(90 - i),
          media: { track: 'inbound', chunk: '7', timestamp: '140', payload: frame.toString('base64') },
          streamSid: call.streamSid,
        }),
      );
    }
    for (const frame of frames)
      await session.waitFor('input_audio_buffer.append', (e) => e.audio === frame.toString('base64'));
    expect(call.isOpen).toBe(true);
    call.hangUp();
  });

  it('goes on through a keypress and half a second without frames', async () => {
    const { call, session } = await configuredCall();
    call.pressDigit('5');
    call.pause(500);
    const marker = Buffer.alloc(160, 0x24);
    call.say(marker);
    await session.waitFor('input_audio_buffer.append', (e) => e.audio === marker.toString('base64'));
    expect(call.isOpen).toBe(true);
    expect(session.isOpen).toBe(true);
    // A key is not audio: nothing of it reaches the model.
    expect(
      session.received.filter((e) => e.type !== 'session.update' && e.type !== 'input_audio_buffer.append'),
    ).toEqual([]);
    call.hangUp();
  });

  it('drops malformed frames and goes on', async () => {
    const { call, session } = await configuredCall();
    for (const raw of [
      'not json',
      '[]',
      '{"event":"media"}',
      '{"event":"media","media":{"payload":"%%%"}}',
      '{"event":"nope"}',
      '{"event":"mark","mark":{}}',
    ])
      call.sendRaw(raw);
    const marker = Buffer.alloc(160, 0x42);
    call.sendFrame(marker);
    await session.waitFor('input_audio_buffer.append', (e) => e.audio === marker.toString('base64'));
    expect(call.isOpen).toBe(true);
    call.hangUp();
  });
});

/**
 * Listen in (issue 23): an operator's listen socket on a live phone call gets the caller's frames
 * and the agent's, each side in the order the bridge relayed them, byte for byte what Twilio sent
 * and received, so the caller hears nothing different. Bounded per call; another owner's call and
 * a page of another site are refused; a listener whose socket is backed up loses frames instead of
 * holding the call up.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { CallBridge } from '../../server/voice/CallBridge.js';
import { CallListeners, LISTENERS_PER_CALL } from '../../server/voice/listen/CallListeners.js';
import { ListenSocket, MAX_BUFFERED_BYTES } from '../../server/voice/listen/ListenSocket.js';
import { LISTEN_CLOSE, LISTEN_PATH } from '../../shared/types/listen.js';
import { toneMulaw } from '../helpers/audioSignals.js';
import { openListener, type TestListener } from '../helpers/listenSocket.js';
import { startVoiceHarness, type VoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

type Json = Record<string, unknown>;

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

/** Whether `part` is a contiguous run of `whole` (silence frames repeat, so every start is tried). */
function runsWithin(whole: string[], part: string[]): boolean {
  for (let start = 0; start + part.length <= whole.length; start++)
    if (part.every((frame, i) => whole[start + i] === frame)) return true;
  return false;
}

const side = (listener: TestListener, n: number) =>
  listener.frames.filter((f) => f.side === n).map((f) => f.audio.toString('base64'));

it('hears both sides in order, byte for byte what Twilio sent and played, and is told when the call ends', async () => {
  const o = await h.owner({ agent: { speakFirst: true } });
  h.realtime.setBehaviour({ responses: [{ text: 'Hello there, how can I help?', audioMs: 800 }] });
  try {
    const call = await h.incomingCall(o);
    const callerSent: string[] = [];
    call.twilio.onFrameSent = (payload) => callerSent.push(payload);
    const listener = await openListener(`${h.wsUrl}${LISTEN_PATH(call.streamSid)}`, o.accessToken);
    expect(listener.messages[0]).toEqual({ type: 'ready', format: 'audio/pcmu', sampleRate: 8000 });
    await call.twilio.waitFor((m) => m.event === 'media');
    call.twilio.say(toneMulaw(400, 400));
    await waitUntil(() => side(listener, 0).length >= 20);
    const agentSent = () =>
      call.twilio.received.filter((m) => m.event === 'media').map((m) => String((m.media as Json).payload));
    await waitUntil(() => side(listener, 1).length >= agentSent().length);
    // The agent's frames the listener heard (it may have joined after the first ones) are frames
    // Twilio got, in the same order, none missing between them. The agent may still be speaking:
    // Twilio's copy of the last frames can arrive a moment after the listener's.
    const heardAgent = side(listener, 1);
    expect(heardAgent.length).toBeGreaterThan(0);
    await waitUntil(() => runsWithin(agentSent(), heardAgent));
    // Every caller frame after the listener joined, in order.
    const heardCaller = side(listener, 0);
    expect(runsWithin(callerSent, heardCaller)).toBe(true);
    call.twilio.hangUp();
    expect(await listener.closed).toEqual({ code: 1000, reason: 'Call ended' });
    expect(listener.messages.at(-1)).toEqual({ type: 'ended' });
  } finally {
    h.realtime.setBehaviour({ responses: [] });
  }
});

it(`takes ${LISTENERS_PER_CALL} listeners a call, refuses one more clearly, and takes one again when one leaves`, async () => {
  const o = await h.owner();
  const call = await h.incomingCall(o);
  const url = `${h.wsUrl}${LISTEN_PATH(call.streamSid)}`;
  const listeners = await Promise.all(
    Array.from({ length: LISTENERS_PER_CALL }, () => openListener(url, o.accessToken)),
  );
  const refused = await openListener(url, o.accessToken).catch((error: { code: number; reason: string }) => error);
  expect(refused).toMatchObject({
    code: LISTEN_CLOSE.full,
    reason: `This call already has ${LISTENERS_PER_CALL} listeners`,
  });
  listeners[0]!.socket.close();
  await listeners[0]!.closed;
  await waitUntil(() => h.t.app.calls.get(call.streamSid)!.listeners.size === LISTENERS_PER_CALL - 1);
  const again = await openListener(url, o.accessToken);
  // Every one of them hears the caller.
  call.twilio.say(toneMulaw(400, 100));
  await waitUntil(() => [again, ...listeners.slice(1)].every((l) => side(l, 0).length > 0));
  call.twilio.hangUp();
});

it("refuses another owner's call, an ended one, a bad token, and a page of another site", async () => {
  const o = await h.owner();
  const other = await h.owner();
  const call = await h.incomingCall(o);
  const url = `${h.wsUrl}${LISTEN_PATH(call.streamSid)}`;
  await expect(openListener(url, other.accessToken)).rejects.toMatchObject({ code: LISTEN_CLOSE.notFound });
  await expect(openListener(url, 'not-a-token')).rejects.toMatchObject({ code: 4001 });
  await expect(openListener(url, o.accessToken, { origin: 'https://evil.example' })).rejects.toMatchObject({
    code: 1006,
  });
  call.twilio.hangUp();
  await waitUntil(() => !h.t.app.calls.get(call.streamSid));
  await expect(openListener(url, o.accessToken)).rejects.toMatchObject({ code: LISTEN_CLOSE.notFound });
});

it('drops frames for a listener whose socket is backed up, and never waits for it', () => {
  const sent: Buffer[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    binaryType: 'arraybuffer',
    on: () => undefined,
    send: (frame: Buffer) => sent.push(frame),
  };
  const bridge = { audioType: 'audio/pcmu' } as unknown as CallBridge;
  const slow = new ListenSocket(socket as unknown as WebSocket, bridge, 'operator');
  const listeners = new CallListeners(LISTENERS_PER_CALL);
  listeners.add(slow);
  const frame = toneMulaw(400, 20).toString('base64');
  listeners.audio('caller', frame);
  socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
  for (let i = 0; i < 100; i++) listeners.audio('agent', frame);
  expect(sent).toHaveLength(1);
  expect(slow.dropped).toBe(100);
  socket.bufferedAmount = 0;
  listeners.audio('agent', frame);
  expect(sent).toHaveLength(2);
  expect(sent[1]![0]).toBe(1);
});

/**
 * Take over and hand back (issue 23) on a live phone call against the fakes: after Take over the
 * fake Realtime sees the agent muted (turn detection no longer creates or interrupts responses,
 * the response under way cancelled) and no `response.create`, and the fake Twilio gets its queue
 * cleared and none of the agent's audio, only the operator's; the caller keeps being transcribed.
 * Hand back restores turn detection and gives the model what the caller said meanwhile. One
 * operator holds a call at a time; the transcript marks the change of hands.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LISTEN_PATH } from '../../shared/types/listen.js';
import { toneMulaw } from '../helpers/audioSignals.js';
import { openListener } from '../helpers/listenSocket.js';
import { type RingingCall, startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

type Json = Record<string, unknown>;

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const post = (o: VoiceOwner, action: 'take-over' | 'hand-back', streamSid: string) =>
  o.call('POST', `/api/sessions/${action}`, { streamSid });
const mediaPayloads = (call: RingingCall, from = 0) =>
  call.twilio.received
    .slice(from)
    .filter((m) => m.event === 'media')
    .map((m) => String((m.media as Json).payload));
const sessionOf = (event: Json) => event.session as Json;
const turnDetection = (event: Json) => ((event.session as Json).audio as Json)?.input as Json | undefined;

/** A call whose agent greets at length, taken over while it speaks. */
async function takenOverCall(o: VoiceOwner) {
  h.realtime.setBehaviour({
    speedup: 1,
    lateDeltasAfterCancel: 2,
    userTranscripts: ['I want to speak to a person about my refund.'],
    responses: [{ text: 'Welcome to the shop, we have many offers today and more tomorrow.', audioMs: 4000 }],
  });
  const call = await h.incomingCall(o);
  await waitUntil(() => call.twilio.playedMs >= 300);
  const receivedBefore = call.realtime.received.length;
  const answer = await post(o, 'take-over', call.streamSid);
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ success: true, operator: { id: o.user.id, name: o.user.username } });
  await waitUntil(() => call.twilio.clears.length === 1);
  return { call, receivedBefore };
}

it('silences the agent at once: its response cancelled, Twilio cleared, no more of its audio and no response.create', async () => {
  const o = await h.owner({ agent: { speakFirst: true, transcription: true } });
  try {
    const { call, receivedBefore } = await takenOverCall(o);
    // The mute is a partial update: turn detection only, everything else left as it was.
    const mute = await call.realtime.waitFor('session.update', (e) => !('model' in (e.session as Json)));
    expect(Object.keys(sessionOf(mute))).toEqual(['type', 'audio']);
    expect(turnDetection(mute)?.turn_detection).toMatchObject({ create_response: false, interrupt_response: false });
    await call.realtime.waitFor('response.cancel');
    const clearIndex = call.twilio.received.findIndex((m) => m.event === 'clear');
    // The caller speaks while the operator holds the call: transcribed, never answered.
    call.twilio.say(toneMulaw(400, 600));
    await waitUntil(() =>
      call.realtime.sent.some((e) => e.type === 'conversation.item.input_audio_transcription.completed'),
    );
    await sleep(300);
    const after = call.realtime.received.slice(receivedBefore);
    expect(after.filter((e) => e.type === 'response.create')).toEqual([]);
    expect(call.realtime.sent.filter((e) => e.type === 'response.created')).toHaveLength(1);
    // The late deltas of the cancelled greeting never reach the caller.
    expect(mediaPayloads(call, clearIndex + 1)).toEqual([]);
    const live = await o.call('GET', `/api/sessions/active-sessions/${call.streamSid}`);
    expect(live.json()).toMatchObject({ operator: { id: o.user.id, name: o.user.username } });
    call.twilio.hangUp();
  } finally {
    h.realtime.setBehaviour({ speedup: 4, lateDeltasAfterCancel: 1, responses: [], userTranscripts: [] });
  }
});

it("sends the holder's microphone to the caller and hands back with what the caller said in the model's context", async () => {
  const o = await h.owner({ agent: { speakFirst: true, transcription: true } });
  try {
    const { call } = await takenOverCall(o);
    const listener = await openListener(`${h.wsUrl}${LISTEN_PATH(call.streamSid)}`, o.accessToken);
    const clearIndex = call.twilio.received.findIndex((m) => m.event === 'clear');
    const voice = toneMulaw(300, 20);
    listener.socket.send(voice);
    await waitUntil(() => mediaPayloads(call, clearIndex + 1).length === 1);
    expect(mediaPayloads(call, clearIndex + 1)).toEqual([voice.toString('base64')]);
    // The listener hears the operator as the operator (side 2).
    await waitUntil(() => listener.frames.some((f) => f.side === 2));
    call.twilio.say(toneMulaw(400, 600));
    await waitUntil(() =>
      call.realtime.sent.some((e) => e.type === 'conversation.item.input_audio_transcription.completed'),
    );
    const receivedBefore = call.realtime.received.length;
    const back = await post(o, 'hand-back', call.streamSid);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ success: true, operator: null });
    const restore = await call.realtime.waitFor(
      'session.update',
      (e) => call.realtime.received.indexOf(e) >= receivedBefore,
    );
    expect(turnDetection(restore)?.turn_detection).toMatchObject({ create_response: true, interrupt_response: true });
    const note = await call.realtime.waitFor('conversation.item.create', (e) => (e.item as Json).type === 'message');
    expect(note.item).toMatchObject({ type: 'message', role: 'system' });
    const text = String((((note.item as Json).content as Json[])[0] as Json).text);
    expect(text).toContain(o.user.username);
    expect(text).toContain('I want to speak to a person about my refund.');
    expect(call.realtime.config.audio).toMatchObject({ input: { turn_detection: { create_response: true } } });
    // The agent answers the caller's next turn again.
    const mediaBefore = mediaPayloads(call).length;
    call.twilio.say(toneMulaw(400, 600));
    await waitUntil(() => mediaPayloads(call).length > mediaBefore + 3, 5000);
    call.twilio.hangUp();
    await waitUntil(
      async () =>
        (await o.call('GET', `/api/sessions/active-sessions/${call.streamSid}`)).json<Json>().active === false,
    );
    const messages = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<Json[]>();
    const operatorLines = messages.filter((m) => m.type === 'operator').map((m) => m.message);
    expect(operatorLines).toEqual([
      `${o.user.username} took over the call`,
      `${o.user.username} handed the call back to the agent`,
    ]);
    listener.socket.close();
  } finally {
    h.realtime.setBehaviour({ speedup: 4, lateDeltasAfterCancel: 1, responses: [], userTranscripts: [] });
  }
});

it('lets one operator hold a call at a time and tells the others who; only the holder hands back', async () => {
  const o = await h.owner({ agent: { speakFirst: false } });
  const call = await h.incomingCall(o);
  await call.realtime.waitFor('session.update');
  const admin = await h.t.createUser({ role: 'admin' });
  const { accessToken: adminToken } = await h.t.login(admin.username, admin.password);
  const asAdmin = (action: string) =>
    h.t.app.inject({
      method: 'POST',
      url: `/api/sessions/${action}`,
      headers: { ...h.t.auth(adminToken), 'x-impersonate-user-id': o.user.id },
      payload: { streamSid: call.streamSid },
    });
  expect((await asAdmin('take-over')).json()).toEqual({
    success: true,
    operator: { id: admin.id, name: admin.username },
  });
  const second = await post(o, 'take-over', call.streamSid);
  expect(second.statusCode).toBe(409);
  expect(second.json()).toMatchObject({ error: `${admin.username} has already taken over this call` });
  const wrongHandBack = await post(o, 'hand-back', call.streamSid);
  expect(wrongHandBack.statusCode).toBe(409);
  expect((await asAdmin('hand-back')).json()).toEqual({ success: true, operator: null });
  expect((await post(o, 'take-over', call.streamSid)).statusCode).toBe(200);
  call.twilio.hangUp();
  await waitUntil(
    async () => (await o.call('GET', `/api/sessions/active-sessions/${call.streamSid}`)).json<Json>().active === false,
  );
  const ended = await post(o, 'take-over', call.streamSid);
  expect(ended.statusCode).toBe(409);
  expect(ended.json()).toMatchObject({ error: 'The call has ended' });
});

it("refuses another owner's call as not found, and a malformed body naming the field", async () => {
  const o = await h.owner();
  const other = await h.owner();
  const call = await h.incomingCall(o);
  expect((await post(other, 'take-over', call.streamSid)).statusCode).toBe(404);
  const bad = await other.call('POST', '/api/sessions/take-over', { streamSid: 5 });
  expect(bad.statusCode).toBe(400);
  expect(JSON.stringify(bad.json())).toContain('streamSid');
  call.twilio.hangUp();
});

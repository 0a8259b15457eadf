/**
 * Calls end cleanly on both sides whoever ends them (issue 10, VOICE.md §5.1.10, §5.2.8–10): a
 * Realtime drop, time limit or fatal error closes the stream (Twilio then says goodbye) while a
 * passing server error does not, a caller's hang-up closes the Realtime socket at once, End
 * Session ends the call at Twilio, and calls running side by side share nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallSession, EndedSessionsPage, SessionMessage } from '../../shared/types/session.js';
import { nextOfType } from '../helpers/nextOfType.js';
import { startVoiceHarness, type VoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

describe('ending calls', () => {
  it('a Realtime drop mid-call closes the stream politely and ends the session', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    const events = await o.console();
    const call = await h.incomingCall(o);
    await call.twilio.waitFor((m) => m.event === 'media');
    h.t.clock.advance(42_000);
    call.realtime.drop();
    expect(await call.twilio.closed).toEqual({ code: 1000, reason: 'Call ended' });
    expect(await nextOfType(events, 'session.ended')).toEqual({
      type: 'session.ended',
      streamSid: call.streamSid,
      duration: 42,
      endTime: h.t.clock.now(),
    });
    const session = (await o.call('GET', `/api/sessions/active-sessions/${call.streamSid}`)).json<CallSession>();
    expect(session).toMatchObject({ active: false, duration: 42 });
  });

  it("the Realtime session's time limit ends the call politely", async () => {
    h.realtime.setBehaviour({ maxSessionMs: 300 });
    try {
      const o = await h.owner();
      const call = await h.incomingCall(o);
      await call.realtime.closed;
      expect(call.realtime.sent.at(-1)).toMatchObject({ type: 'error', error: { code: 'session_expired' } });
      expect((await call.twilio.closed).code).toBe(1000);
      await waitUntil(() => h.t.app.calls.size === 0);
    } finally {
      h.realtime.setBehaviour({ maxSessionMs: null });
    }
  });

  it('a server_error mid-call is lived through; a quota error ends the call politely', async () => {
    const o = await h.owner();
    const events = await o.console();
    const call = await h.incomingCall(o);
    await call.realtime.waitFor('session.update');
    await nextOfType(events, 'session.created');
    call.realtime.serverError();
    const marker = Buffer.alloc(160, 0x35);
    call.twilio.sendFrame(marker);
    await call.realtime.waitFor('input_audio_buffer.append', (e) => e.audio === marker.toString('base64'));
    expect(call.twilio.isOpen).toBe(true);
    call.realtime.error({
      type: 'insufficient_quota',
      code: 'insufficient_quota',
      message: 'You exceeded your current quota, please check your plan and billing details.',
      param: null,
      event_id: null,
    });
    expect(await call.twilio.closed).toEqual({ code: 1000, reason: 'Call ended' });
    await call.realtime.closed;
    expect(await nextOfType(events, 'session.ended')).toMatchObject({ streamSid: call.streamSid });
  });

  it('a caller hanging up mid-response closes the Realtime socket within a second and keeps what was said', async () => {
    h.realtime.setBehaviour({
      speedup: 1,
      responses: [{ text: 'Let me tell you all about our opening hours and our many locations.', audioMs: 6000 }],
    });
    try {
      const o = await h.owner({ agent: { speakFirst: true } });
      const events = await o.console();
      const call = await h.incomingCall(o);
      await nextOfType(events, 'call.message');
      await waitUntil(() => call.twilio.playedMs >= 200);
      const hungUpAt = Date.now();
      call.twilio.hangUp();
      await call.realtime.closed;
      expect(Date.now() - hungUpAt).toBeLessThan(1000);
      await nextOfType(events, 'session.ended');
      const messages = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<SessionMessage[]>();
      expect(messages).toHaveLength(1);
      expect(messages[0]!.type).toBe('assistant');
      expect(
        'Let me tell you all about our opening hours and our many locations.'.startsWith(messages[0]!.message),
      ).toBe(true);
    } finally {
      h.realtime.setBehaviour({ speedup: 4, responses: [] });
    }
  });

  it('End Session ends the call at Twilio, closes both sockets and moves the session to the ended list', async () => {
    const o = await h.owner();
    const events = await o.console();
    const call = await h.incomingCall(o);
    await nextOfType(events, 'session.created');
    expect(
      (await o.call('GET', '/api/sessions/active-sessions'))
        .json<{ sessions: CallSession[] }>()
        .sessions.map((s) => s.streamSid),
    ).toEqual([call.streamSid]);
    const requests = h.rest.requests.length;
    const ended = await o.call('POST', '/api/sessions/end-session', { streamSid: call.streamSid });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ success: true });
    const rest = h.rest.requests.slice(requests);
    expect(rest).toEqual([
      {
        method: 'POST',
        path: `/2010-04-01/Accounts/${h.rest.accountSid}/Calls/${call.callSid}.json`,
        authorized: true,
      },
    ]);
    expect(h.rest.calls.find((c) => c.sid === call.callSid)!.status).toBe('completed');
    await call.realtime.closed;
    await call.twilio.closed;
    expect(call.twilio.sent.at(-1)).toMatchObject({ event: 'stop' });
    await nextOfType(events, 'session.ended');
    expect((await o.call('GET', '/api/sessions/active-sessions')).json<{ sessions: CallSession[] }>().sessions).toEqual(
      [],
    );
    const page = (await o.call('GET', '/api/sessions/ended-sessions')).json<EndedSessionsPage>();
    expect(page.sessions.map((s) => s.streamSid)).toEqual([call.streamSid]);
    // Ending it again is fine, and Twilio (which answers 20404 now) is not asked again.
    expect((await o.call('POST', '/api/sessions/end-session', { streamSid: call.streamSid })).json()).toMatchObject({
      success: true,
    });
  });

  it('End Session still ends the call when Twilio no longer knows it (20404)', async () => {
    const o = await h.owner();
    const call = await h.incomingCall(o);
    h.rest.calls.find((c) => c.sid === call.callSid)!.status = 'completed';
    const ended = await o.call('POST', '/api/sessions/end-session', { streamSid: call.streamSid });
    expect(ended.json()).toEqual({ success: true });
    expect((await call.twilio.closed).code).toBe(1000);
    await call.realtime.closed;
  });

  it('two calls at once keep their own agent, audio and ending', async () => {
    const a = await h.owner({ agent: { voice: 'ash', instructions: 'Agent A' } });
    const b = await h.owner({ agent: { voice: 'sage', instructions: 'Agent B' } });
    const [callA, callB] = await Promise.all([h.incomingCall(a), h.incomingCall(b)]);
    const [updateA, updateB] = await Promise.all([
      callA.realtime.waitFor('session.update'),
      callB.realtime.waitFor('session.update'),
    ]);
    const byInstructions = new Map(
      [updateA, updateB].map((u) => [
        (u.session as { instructions: string }).instructions,
        u.session as { audio: { output: { voice: string } } },
      ]),
    );
    expect(byInstructions.get('Agent A')!.audio.output.voice).toBe('ash');
    expect(byInstructions.get('Agent B')!.audio.output.voice).toBe('sage');
    // Each fake Realtime connection belongs to one call: find which is whose by its instructions
    // (the two connect in either order). Each Twilio side is the owner's own: ring() dialled it.
    const sessionOf = (instructions: string) =>
      (updateA.session as { instructions: string }).instructions === instructions ? callA.realtime : callB.realtime;
    const realtimeA = sessionOf('Agent A');
    const realtimeB = sessionOf('Agent B');
    const marker = Buffer.alloc(160, 0x33);
    const twilioA = callA.twilio;
    const twilioB = callB.twilio;
    twilioA.sendFrame(marker);
    await realtimeA.waitFor('input_audio_buffer.append', (e) => e.audio === marker.toString('base64'));
    expect(realtimeB.received.some((e) => e.audio === marker.toString('base64'))).toBe(false);
    twilioA.hangUp();
    await realtimeA.closed;
    await new Promise((r) => setTimeout(r, 100));
    expect(realtimeB.isOpen).toBe(true);
    expect(twilioB.isOpen).toBe(true);
    twilioB.hangUp();
  });
});

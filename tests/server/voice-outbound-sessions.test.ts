/**
 * An outbound call is a session from "Call initiated" on (issue 18): make-call opens it, ringing
 * and keyed by the call SID, and tells the owner's consoles; the Media Stream of the answered call
 * takes that session over (one session per call, reachable by either SID); a call nobody answers
 * ends its session on Twilio's signed status callback, on End Session, or when it has rung longer
 * than its stream token lives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../server/twilio/signature.js';
import { RingingCalls } from '../../server/voice/RingingCalls.js';
import type { CallSession, EndedSessionsPage } from '../../shared/types/session.js';
import { statusCallbackParams } from '../fixtures/fakeTwilioStatusCallbacks.js';
import { postTwilioWebhook } from '../fixtures/fakeTwilioWebhook.js';
import { nextOfType } from '../helpers/nextOfType.js';
import { startVoiceHarness, VOICE_PUBLIC_URL, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

const CALLEE = '+442071838750';

async function placeCall(o: VoiceOwner): Promise<string> {
  const made = await o.call('POST', '/api/twilio/make-call', { phoneNumber: CALLEE, agentId: o.agent.id });
  expect(made.statusCode).toBe(200);
  return made.json<{ callSid: string }>().callSid;
}

/** The answer to the status callback the fake Twilio posted about `callSid`, once it came. */
async function callbackAnswer(callSid: string) {
  const delivered = () =>
    h.statusCallbacks.find((d) => d.callSid === callSid && !('error' in d.answer && d.answer.error === 'pending'));
  await waitUntil(() => delivered() !== undefined);
  return delivered()!.answer;
}

const active = async (o: VoiceOwner) =>
  (await o.call('GET', '/api/sessions/active-sessions')).json<{ sessions: CallSession[] }>().sessions;
const sessionRows = (callSid: string) =>
  h.t.db.selectFrom('call_sessions').selectAll().where('call_sid', '=', callSid).execute();

describe('a placed call', () => {
  it('is a ringing session on Sessions from "Call initiated" on, told to the owner\'s consoles', async () => {
    const o = await h.owner();
    const events = await o.console();
    const callSid = await placeCall(o);
    const created = await nextOfType(events, 'session.created');
    expect(created).toEqual({
      type: 'session.created',
      streamSid: callSid,
      callSid,
      agentId: o.agent.id,
      agentName: o.agent.name,
      fromPhoneNumber: o.number,
      toPhoneNumber: CALLEE,
      callType: 'outbound',
      startTime: h.t.clock.now(),
      ringing: true,
    });
    expect(await active(o)).toEqual([
      expect.objectContaining({
        streamSid: callSid,
        callSid,
        ringing: true,
        active: true,
        callType: 'outbound',
        endTime: null,
      }),
    ]);
    expect((await o.call('GET', `/api/sessions/active-sessions/${callSid}`)).json()).toMatchObject({
      streamSid: callSid,
      ringing: true,
    });
    // Twilio is asked to report the call's end here.
    expect(h.rest.calls.find((c) => c.sid === callSid)!.form).toMatchObject({
      StatusCallback: `${VOICE_PUBLIC_URL}/api/twilio/call-status`,
      StatusCallbackMethod: 'POST',
    });
  });

  it("answered, is taken over by its Media Stream: one session, under the stream's SID and still by the call's", async () => {
    const o = await h.owner();
    const events = await o.console();
    const callSid = await placeCall(o);
    const placedAt = h.t.clock.now();
    await nextOfType(events, 'session.created');
    h.t.clock.advance(7_000);
    const twilio = await h.answer(callSid);
    const connected = await nextOfType(events, 'session.created');
    expect(connected).toMatchObject({ streamSid: twilio.streamSid, callSid, startTime: placedAt });
    expect(connected.ringing).toBeUndefined();
    const sessions = await active(o);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ streamSid: twilio.streamSid, callSid, startTime: placedAt });
    expect(sessions[0]!.ringing).toBeUndefined();
    // The link "Call initiated" gave still opens it.
    expect((await o.call('GET', `/api/sessions/active-sessions/${callSid}`)).json()).toMatchObject({
      streamSid: twilio.streamSid,
    });
    expect((await o.call('GET', `/api/sessions/messages/${callSid}`)).statusCode).toBe(200);

    h.t.clock.advance(5_000);
    twilio.hangUp();
    expect(await nextOfType(events, 'session.ended')).toMatchObject({ streamSid: twilio.streamSid, duration: 12 });
    expect(await sessionRows(callSid)).toHaveLength(1);
    const page = (await o.call('GET', '/api/sessions/ended-sessions')).json<EndedSessionsPage>();
    expect(page.sessions.map((s) => s.streamSid)).toEqual([twilio.streamSid]);
    // Twilio's "completed" for the answered call changes nothing.
    h.rest.finishCall(callSid, 'completed');
    expect(await callbackAnswer(callSid)).toMatchObject({ status: 204 });
    expect(await sessionRows(callSid)).toHaveLength(1);
  });

  it.each(['no-answer', 'busy', 'failed'] as const)('ends its session when Twilio reports %s', async (status) => {
    const o = await h.owner();
    const events = await o.console();
    const callSid = await placeCall(o);
    await nextOfType(events, 'session.created');
    h.t.clock.advance(30_000);
    h.rest.finishCall(callSid, status);
    expect(await nextOfType(events, 'session.ended')).toEqual({
      type: 'session.ended',
      streamSid: callSid,
      duration: 30,
      endTime: h.t.clock.now(),
    });
    expect(await callbackAnswer(callSid)).toMatchObject({ status: 204 });
    expect(await active(o)).toEqual([]);
    const session = (await o.call('GET', `/api/sessions/active-sessions/${callSid}`)).json<CallSession>();
    expect(session).toMatchObject({ active: false, duration: 30 });
    expect(session.ringing).toBeUndefined();
  });

  it("refuses a status callback that the owner's account did not sign, and leaves the call ringing", async () => {
    const o = await h.owner();
    const callSid = await placeCall(o);
    const call = h.rest.calls.find((c) => c.sid === callSid)!;
    const params = { ...statusCallbackParams(call), CallStatus: 'no-answer' };
    const post = (p: Record<string, string>, signature: string | null) =>
      postTwilioWebhook({
        serverUrl: h.serverUrl,
        publicUrl: VOICE_PUBLIC_URL,
        path: '/api/twilio/call-status',
        authToken: h.rest.authToken,
        params: p,
        signature,
      });
    const url = `${VOICE_PUBLIC_URL}/api/twilio/call-status`;
    expect((await post(params, null)).status).toBe(403);
    expect((await post(params, twilioSignature('another-token', url, params))).status).toBe(403);
    const otherAccount = { ...params, AccountSid: `AC${'9'.repeat(32)}` };
    expect((await post(otherAccount, twilioSignature(h.rest.authToken, url, otherAccount))).status).toBe(403);
    expect(await active(o)).toEqual([expect.objectContaining({ streamSid: callSid, ringing: true })]);
    const missing: Record<string, string> = { ...params };
    delete missing.CallStatus;
    const answer = await post(missing, twilioSignature(h.rest.authToken, url, missing));
    expect([answer.status, JSON.parse(answer.body).error]).toEqual([400, 'CallStatus: required']);
  });

  it('answers 415 to a status callback that is not a form post, and leaves the call ringing', async () => {
    const o = await h.owner();
    const callSid = await placeCall(o);
    const call = h.rest.calls.find((c) => c.sid === callSid)!;
    for (const CallStatus of [5, null, { nested: true }, 'no-answer']) {
      const answer = await fetch(`${h.serverUrl}/api/twilio/call-status`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Twilio-Signature': 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' },
        body: JSON.stringify({ ...statusCallbackParams(call), CallStatus }),
      });
      expect(answer.status).toBe(415);
    }
    expect(await active(o)).toEqual([expect.objectContaining({ streamSid: callSid, ringing: true })]);
  });

  it('is cancelled at Twilio by End Session while it rings', async () => {
    const o = await h.owner();
    const events = await o.console();
    const callSid = await placeCall(o);
    await nextOfType(events, 'session.created');
    const ended = await o.call('POST', '/api/sessions/end-session', { streamSid: callSid });
    expect(ended.json()).toEqual({ success: true });
    expect(await nextOfType(events, 'session.ended')).toMatchObject({ streamSid: callSid });
    expect(h.rest.calls.find((c) => c.sid === callSid)!.status).toBe('canceled');
    expect(await callbackAnswer(callSid)).toMatchObject({ status: 204 });
    expect(await sessionRows(callSid)).toEqual([expect.objectContaining({ ended_seq: expect.anything() })]);
  });

  it('ends unanswered once it has rung longer than its stream token lives', async () => {
    const o = await h.owner();
    const events = await o.console();
    const { app, clock } = h.t;
    const ringing = new RingingCalls(
      {
        db: app.db,
        realtime: app.realtime,
        clock: clock.now,
        log: app.log,
        instanceId: app.instanceId,
        webhookEvents: app.webhooks.events,
      },
      50,
    );
    const callSid = `CA${'7'.repeat(32)}`;
    await ringing.placed({
      callSid,
      userId: o.user.id,
      agentId: o.agent.id,
      agentName: o.agent.name,
      from: o.number,
      to: CALLEE,
    });
    expect(await nextOfType(events, 'session.created')).toMatchObject({ streamSid: callSid, ringing: true });
    expect(await nextOfType(events, 'session.ended')).toMatchObject({ streamSid: callSid });
    expect(await active(o)).toEqual([]);
  });
});

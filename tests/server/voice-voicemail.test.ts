/**
 * Voicemail on outbound calls (issue 23, VOICE.md §14.7): make-call asks Twilio for asynchronous
 * answering machine detection when the agent has a voicemail setting; Twilio's signed verdict is
 * kept on the session ("Answered by") and, on a machine, the agent stops and the message is left
 * (`<Say>` then `<Hangup/>`) or the call hangs up; a person changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPatch } from '../../shared/types/agent.js';
import { BUILTIN_FUNCTION_DEFAULTS, type VoicemailSettings } from '../../shared/types/builtinFunctions.js';
import type { CallSession, SessionMessage } from '../../shared/types/session.js';
import { postAmdVerdict } from '../fixtures/fakeTwilioAmd.js';
import { startVoiceHarness, VOICE_PUBLIC_URL, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

const MESSAGE = 'Hi, this is Acme Dental about your appointment tomorrow. Please call us back.';

/** An agent patch setting its voicemail, every other built-in off. */
const voicemail = (setting: VoicemailSettings): AgentPatch => ({
  builtinFunctions: { ...BUILTIN_FUNCTION_DEFAULTS, voicemail: setting },
});

/** An outbound call of an agent with `settings`, answered, its Realtime session configured. */
async function answeredCall(settings: AgentPatch) {
  const o = await h.owner({ agent: settings });
  const placed = await o.call('POST', '/api/twilio/make-call', { phoneNumber: '+14155550177', agentId: o.agent.id });
  expect(placed.statusCode).toBe(200);
  const callSid = placed.json<{ callSid: string }>().callSid;
  const twilio = await h.answer(callSid);
  const realtime = await h.realtime.nextSession();
  await waitUntil(() => realtime.received.some((e) => e.type === 'session.update'));
  const created = h.rest.calls.find((c) => c.sid === callSid)!;
  return { o, callSid, twilio, realtime, created };
}

const verdict = (callSid: string, answeredBy: string, signature?: string | null) =>
  postAmdVerdict({ serverUrl: h.serverUrl, publicUrl: VOICE_PUBLIC_URL }, h.rest, callSid, answeredBy, signature);

const sessionOf = async (o: VoiceOwner, streamSid: string) =>
  (await o.call('GET', `/api/sessions/active-sessions/${streamSid}`)).json<CallSession>();

describe('voicemail', () => {
  it('asks Twilio for asynchronous detection only when the agent has a voicemail setting', async () => {
    const { created, twilio } = await answeredCall(voicemail({ action: 'hang_up', message: '' }));
    expect(created.form).toMatchObject({
      MachineDetection: 'DetectMessageEnd',
      AsyncAmd: 'true',
      AsyncAmdStatusCallback: `${VOICE_PUBLIC_URL}/api/twilio/amd-status`,
      AsyncAmdStatusCallbackMethod: 'POST',
    });
    twilio.hangUp();
    const plain = await answeredCall({});
    expect(plain.created.form.MachineDetection).toBeUndefined();
    expect(plain.created.form.AsyncAmdStatusCallback).toBeUndefined();
    plain.twilio.hangUp();
  });

  it('on a machine, stops the agent, leaves the message word for word, then hangs up', async () => {
    const { o, callSid, twilio, realtime, created } = await answeredCall(
      voicemail({ action: 'leave_message', message: MESSAGE }),
    );
    expect((await verdict(callSid, 'machine_end_beep')).status).toBe(204);
    await waitUntil(() => (created.twimlUpdates ?? []).length === 1);
    expect(created.twimlUpdates![0]).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${MESSAGE}</Say><Hangup/></Response>`,
    );
    await realtime.closed;
    await twilio.closed;
    await waitUntil(() => h.t.app.calls.size === 0);
    await waitUntil(async () => (await sessionOf(o, twilio.streamSid)).active === false);
    expect(await sessionOf(o, twilio.streamSid)).toMatchObject({ answeredBy: 'machine' });
    const messages = (await o.call('GET', `/api/sessions/messages/${twilio.streamSid}`)).json<SessionMessage[]>();
    expect(messages.filter((m) => m.type === 'assistant').map((m) => m.message)).toContain(
      `Voicemail left: ${MESSAGE}`,
    );
    expect(h.rest.calls.find((c) => c.sid === callSid)?.status).toBe('completed');
  });

  it('on a fax with hang up set, ends the call at Twilio without a message', async () => {
    const { o, callSid, twilio, realtime, created } = await answeredCall(voicemail({ action: 'hang_up', message: '' }));
    expect((await verdict(callSid, 'fax')).status).toBe(204);
    await realtime.closed;
    await twilio.closed;
    await waitUntil(() => h.rest.calls.find((c) => c.sid === callSid)?.status === 'completed');
    expect(created.twimlUpdates).toBeUndefined();
    await waitUntil(async () => (await sessionOf(o, twilio.streamSid)).active === false);
    expect((await sessionOf(o, twilio.streamSid)).answeredBy).toBe('fax');
  });

  it('on a person, or when Twilio cannot tell, changes nothing but what the session shows', async () => {
    for (const [answeredBy, shown] of [
      ['human', 'human'],
      ['unknown', 'unknown'],
    ] as const) {
      const { o, callSid, twilio, created } = await answeredCall(voicemail({ action: 'hang_up', message: '' }));
      expect((await verdict(callSid, answeredBy)).status).toBe(204);
      await waitUntil(async () => (await sessionOf(o, twilio.streamSid)).answeredBy === shown);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(twilio.isOpen).toBe(true);
      expect(h.t.app.calls.get(twilio.streamSid)?.live).toBe(true);
      expect(created.status).toBe('in-progress');
      expect(created.twimlUpdates).toBeUndefined();
      twilio.hangUp();
    }
  });

  it('refuses a verdict not signed by the call owner account, and changes nothing', async () => {
    const { o, callSid, twilio } = await answeredCall(voicemail({ action: 'hang_up', message: '' }));
    const forged = await verdict(callSid, 'machine_end_beep', 'bm90IHR3aWxpbw==');
    expect(forged.status).toBe(403);
    expect((await verdict(callSid, 'machine_end_beep', null)).status).toBe(403);
    expect(twilio.isOpen).toBe(true);
    expect((await sessionOf(o, twilio.streamSid)).answeredBy).toBeUndefined();
    twilio.hangUp();
  });

  it('answers 400 naming AnsweredBy for a value Twilio does not send', async () => {
    const { callSid, twilio } = await answeredCall(voicemail({ action: 'hang_up', message: '' }));
    const answer = await verdict(callSid, 'robot');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: expect.stringMatching(/^AnsweredBy: /) });
    twilio.hangUp();
  });
});

/**
 * POST /api/twilio/incoming-call (VOICE.md §1.5–1.6, §5.2): only Twilio's signature for the
 * account that owns the called number is accepted; the answer connects a Media Stream with the
 * call's context and a one-time token, or says a short message and hangs up when no agent holds
 * the number. Outbound calls use the same stream with their own token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../server/twilio/signature.js';
import { newSid } from '../fixtures/fakeTwilio.js';
import { FakeTwilioCall } from '../fixtures/fakeTwilioCall.js';
import { incomingCallParams, parseConnectTwiml, postTwilioWebhook } from '../fixtures/fakeTwilioWebhook.js';
import { startVoiceHarness, VOICE_PUBLIC_URL, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { startVoiceHarnessWithOwner } from '../helpers/voiceHarnessWithOwner.js';

let h: VoiceHarness;
let o: VoiceOwner;
beforeAll(async () => ({ h, o } = await startVoiceHarnessWithOwner()));
afterAll(() => h.close());

const URL_PATH = '/api/twilio/incoming-call';
const params = (overrides: Record<string, string> = {}) => ({
  ...incomingCallParams({
    accountSid: h.rest.accountSid,
    callSid: newSid('CA'),
    from: '+14155550100',
    to: o.number,
  }),
  ...overrides,
});
const post = (p: Record<string, string>, signature?: string | null) =>
  postTwilioWebhook({
    serverUrl: h.serverUrl,
    publicUrl: VOICE_PUBLIC_URL,
    authToken: h.rest.authToken,
    params: p,
    signature,
  });

describe('incoming-call webhook', () => {
  it("answers a signed call with TwiML connecting a Media Stream with the call's context and a one-time token", async () => {
    const p = params();
    const answer = await post(p);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><Response><Connect><Stream url="wss:\/\/switchboard\.example\.com\/api\/twilio\/media-stream">/,
    );
    expect(answer.body).toContain(
      '</Connect><Say>Sorry, the agent cannot continue this call. Goodbye.</Say><Hangup/></Response>',
    );
    const twiml = parseConnectTwiml(answer.body)!;
    expect(twiml.streamUrl).not.toContain('?');
    expect(twiml.parameters).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      agentId: o.agent.id,
      callType: 'inbound',
      from: '+14155550100',
      to: o.number,
    });
    expect(parseConnectTwiml((await post(params())).body)!.parameters.token).not.toBe(twiml.parameters.token);
  });

  it("refuses a missing, wrong or tampered signature, and another account's token, with 403", async () => {
    const p = params();
    expect((await post(p, null)).status).toBe(403);
    expect((await post(p, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).status).toBe(403);
    const signed = twilioSignature(h.rest.authToken, `${VOICE_PUBLIC_URL}${URL_PATH}`, p);
    const tampered = await post({ ...p, From: '+19995550100' }, signed);
    expect(tampered.status).toBe(403);
    expect(tampered.body).toContain('not signed by Twilio');
    expect((await post(p, twilioSignature('another-token', `${VOICE_PUBLIC_URL}${URL_PATH}`, p))).status).toBe(403);
    expect(
      (await post(p, twilioSignature(h.rest.authToken, `http://switchboard.example.com${URL_PATH}`, p))).status,
    ).toBe(403);
  });

  it('accepts the signature over the URL with the :443 port, as Twilio sometimes signs', async () => {
    const p = params();
    expect(
      (await post(p, twilioSignature(h.rest.authToken, `https://switchboard.example.com:443${URL_PATH}`, p))).status,
    ).toBe(200);
  });

  it('says a short message and hangs up when no agent holds the number', async () => {
    const answer = await post(params({ To: '+14155559999', Called: '+14155559999' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Sorry, no one can take your call at this number. Goodbye.</Say><Hangup/></Response>',
    );
  });

  it('answers 403 for an account nobody here uses, and 400 naming a missing field of a signed call', async () => {
    expect((await post(params({ AccountSid: `AC${'9'.repeat(32)}` }))).status).toBe(403);
    const p = params();
    delete (p as Record<string, string | undefined>).CallSid;
    const missing = await post(p);
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toMatchObject({ error: 'CallSid: required' });
  });
});

describe('one stream token per call', () => {
  const tokenOf = (body: string) => parseConnectTwiml(body)!.parameters.token;
  const openStream = (p: Record<string, string>, parameters: Record<string, string>) =>
    FakeTwilioCall.connect({
      connectUrl: `${h.wsUrl}/api/twilio/media-stream`,
      signedUrl: 'wss://switchboard.example.com/api/twilio/media-stream',
      authToken: h.rest.authToken,
      accountSid: h.rest.accountSid,
      callSid: p.CallSid!,
      parameters,
    });
  const tokensOf = async (callSid: string) =>
    h.t.db.selectFrom('stream_tokens').select('token_hash').where('call_sid', '=', callSid).execute();

  it("answers Twilio's retry of the webhook with the same TwiML and token, and the stream opens with it", async () => {
    const p = params();
    const first = await post(p);
    const retry = await post(p);
    expect(retry.status).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(await tokensOf(p.CallSid!)).toHaveLength(1);
    const call = await openStream(p, parseConnectTwiml(retry.body)!.parameters);
    const session = await h.realtime.nextSession();
    await session.waitFor('session.update');
    call.hangUp();
    await session.closed;
  });

  it("refuses a replay once the call's stream has opened, during the call and after it, with 409 and no new token", async () => {
    const p = params();
    const answer = await post(p);
    const call = await openStream(p, parseConnectTwiml(answer.body)!.parameters);
    const session = await h.realtime.nextSession();
    const during = await post(p);
    expect(during.status).toBe(409);
    expect(JSON.parse(during.body)).toMatchObject({ success: false, code: 'call_already_answered' });
    call.hangUp();
    await session.closed;
    expect((await post(p)).status).toBe(409);
    expect(await tokensOf(p.CallSid!)).toHaveLength(1);
    expect(tokenOf(answer.body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a replay once the token has expired unused, a day after the call too', async () => {
    // A harness of its own: a day on its clock would sign the other tests' owner out.
    const own = await startVoiceHarness();
    try {
      const owner = await own.owner();
      const ownParams = () =>
        incomingCallParams({
          accountSid: own.rest.accountSid,
          callSid: newSid('CA'),
          from: '+14155550100',
          to: owner.number,
        });
      const ownPost = (p: Record<string, string>) =>
        postTwilioWebhook({
          serverUrl: own.serverUrl,
          publicUrl: VOICE_PUBLIC_URL,
          authToken: own.rest.authToken,
          params: p,
        });
      const p = ownParams();
      expect((await ownPost(p)).status).toBe(200);
      own.t.clock.advance(61_000);
      expect((await ownPost(p)).status).toBe(409);
      // Other calls' tokens come and go meanwhile; the call's record stays.
      own.t.clock.advance(24 * 3600_000);
      expect((await ownPost(ownParams())).status).toBe(200);
      expect((await ownPost(p)).status).toBe(409);
    } finally {
      await own.close();
    }
  });
});

describe("webhook bodies other than Twilio's form posts", () => {
  it('answers 415 to a JSON body whatever its fields hold, without looking at the signature', async () => {
    const base = { AccountSid: h.rest.accountSid, CallSid: `CA${'a'.repeat(32)}`, To: o.number };
    for (const From of [5, null, { nested: true }, ['+14155550100'], '+14155550100']) {
      const answer = await fetch(`${h.serverUrl}${URL_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Twilio-Signature': 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' },
        body: JSON.stringify({ ...base, From }),
      });
      expect(answer.status).toBe(415);
      expect(await answer.json()).toMatchObject({
        success: false,
        code: 'unsupported_media_type',
        error: expect.stringContaining('application/x-www-form-urlencoded'),
      });
    }
  });

  it('answers 415 to a text body and to a form body sent under another type', async () => {
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const answer = await fetch(`${h.serverUrl}${URL_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': type, 'X-Twilio-Signature': 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' },
        body: new URLSearchParams(params()).toString(),
      });
      expect(answer.status).toBe(415);
    }
  });
});

describe('outbound calls', () => {
  it('stream to the same endpoint with call type outbound and their own token, bound to the call Twilio created', async () => {
    const events = await o.console();
    const made = await o.call('POST', '/api/twilio/make-call', { phoneNumber: '+442071838750', agentId: o.agent.id });
    expect(made.statusCode).toBe(200);
    const created = h.rest.calls.at(-1)!;
    const twiml = parseConnectTwiml(created.form.Twiml!)!;
    expect(twiml.streamUrl).toBe('wss://switchboard.example.com/api/twilio/media-stream');
    expect(twiml.parameters).toMatchObject({
      callType: 'outbound',
      agentId: o.agent.id,
      from: o.number,
      to: '+442071838750',
    });
    const twilio = await FakeTwilioCall.connect({
      connectUrl: `${h.wsUrl}/api/twilio/media-stream`,
      signedUrl: twiml.streamUrl,
      authToken: h.rest.authToken,
      accountSid: h.rest.accountSid,
      callSid: created.sid,
      parameters: twiml.parameters,
    });
    const session = await h.realtime.nextSession();
    // The call's session rang from "Call initiated" on (voice-outbound-sessions.test.ts); answered, it is the stream's.
    expect(await events.nextMessage()).toMatchObject({
      type: 'session.created',
      streamSid: created.sid,
      ringing: true,
    });
    const event = await events.nextMessage();
    expect(event).toMatchObject({
      type: 'session.created',
      streamSid: twilio.streamSid,
      callSid: created.sid,
      callType: 'outbound',
      fromPhoneNumber: o.number,
      toPhoneNumber: '+442071838750',
    });
    expect(event).not.toHaveProperty('ringing');
    twilio.hangUp();
    await session.closed;
  });

  it('deletes the token when Twilio refuses to place the call', async () => {
    h.rest.failNextCall(400, 21211, "The 'To' number +15005550001 is not a valid phone number.");
    const before = await h.t.db.selectFrom('stream_tokens').select('token_hash').execute();
    const made = await o.call('POST', '/api/twilio/make-call', { phoneNumber: '+15005550001', agentId: o.agent.id });
    expect(made.statusCode).toBe(400);
    expect(await h.t.db.selectFrom('stream_tokens').select('token_hash').execute()).toHaveLength(before.length);
  });
});

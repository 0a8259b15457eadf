import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwilioClient, TwilioError } from '../../server/twilio/TwilioClient.js';
import { connectStreamTwiml, mediaStreamUrl, voiceWebhookUrl } from '../../server/twilio/twiml.js';
import { type FakeTwilio, startFakeTwilio } from '../fixtures/fakeTwilio.js';

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio({ pageSize: 2 });
  for (const n of ['+14155550101', '+14155550102', '+14155550103']) fake.addNumber(n);
});
afterAll(() => fake.close());

const client = () =>
  new TwilioClient({ baseUrl: fake.baseUrl, accountSid: fake.accountSid, authToken: fake.authToken });

describe('TwilioClient against the fake Twilio', () => {
  it('lists every number across pages with basic auth', async () => {
    const numbers = await client().listIncomingNumbers();
    expect(numbers.map((n) => n.phoneNumber)).toEqual(['+14155550101', '+14155550102', '+14155550103']);
    expect(fake.requests.every((r) => r.authorized)).toBe(true);
  });

  it('creates a call with form-encoded To, From and Twiml', async () => {
    const twiml = connectStreamTwiml(mediaStreamUrl('https://sb.example.com'), { agentId: 'a1' });
    const call = await client().createCall({ to: '+442071838750', from: '+14155550101', twiml });
    expect(call.sid).toMatch(/^CA/);
    const received = fake.calls.at(-1)!;
    expect(received.form).toMatchObject({ To: '+442071838750', From: '+14155550101' });
    expect(received.form.Twiml).toContain('<Stream url="wss://sb.example.com/api/twilio/media-stream">');
    expect(received.form.Twiml).toContain('<Parameter name="agentId" value="a1"/>');
  });

  it('points a number voice webhook at the server', async () => {
    const number = fake.numbers[0]!;
    await client().setVoiceUrl(number.sid, voiceWebhookUrl('https://sb.example.com'));
    expect(number.voice_url).toBe('https://sb.example.com/api/twilio/incoming-call');
    expect(number.voice_method).toBe('POST');
  });

  it("turns Twilio errors into TwilioError with Twilio's message", async () => {
    const bad = new TwilioClient({ baseUrl: fake.baseUrl, accountSid: fake.accountSid, authToken: 'wrong' });
    await expect(bad.listIncomingNumbers()).rejects.toMatchObject({
      status: 401,
      twilioCode: 20003,
      message: 'Authenticate',
    });
    await expect(client().createCall({ to: '+1', from: '+19999999999', twiml: '<Response/>' })).rejects.toBeInstanceOf(
      TwilioError,
    );
  });

  it('reports an unreachable service as a 502 TwilioError', async () => {
    const down = new TwilioClient({
      baseUrl: 'http://127.0.0.1:1',
      accountSid: fake.accountSid,
      authToken: fake.authToken,
    });
    await expect(down.listIncomingNumbers()).rejects.toMatchObject({
      status: 502,
      message: 'Twilio could not be reached',
    });
  });

  it('escapes XML in TwiML parameters', () => {
    expect(connectStreamTwiml('wss://x/y', { a: '"<&>' })).toContain('value="&quot;&lt;&amp;&gt;"');
  });
});

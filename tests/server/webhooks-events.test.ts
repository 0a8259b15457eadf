/**
 * Webhook events fire from what really happens (issue 22): a phone call through the fake Twilio
 * and the fake Realtime API (call.started, call.ended with its transcript and cost), an analysis
 * the runner finishes (call.analysis.ready, chat.analysis.ready), and a chat that goes quiet
 * (chat.conversation.ended). The receiver verifies each with the `standardwebhooks` package.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeOrphanedSessions, insertSession } from '../../server/db/sessions.js';
import { WebhookEvents } from '../../server/webhooks/WebhookEvents.js';
import { WEBHOOK_DEFAULTS } from '../../server/webhooks/webhookConfig.js';
import { CHAT_LIMITS } from '../../shared/types/chat.js';
import { type ReceivedWebhook, startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhookReceiver.js';
import { type AnalysisBed, startAnalysisBed } from '../helpers/analysisBed.js';
import { nextOfType } from '../helpers/nextOfType.js';
import type { SignedInCaller } from '../helpers/signedInCaller.js';
import { startVoiceHarness, type VoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

interface Event {
  type: string;
  timestamp: string;
  // biome-ignore lint/suspicious/noExplicitAny: the payload's shape is what the assertions check
  data: any;
}

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const webhookConfig = () => ({ outboundAllow: [receiver.hostPort], webhooks: { ...WEBHOOK_DEFAULTS } });

async function addEndpoint(
  call: (
    method: 'POST',
    url: string,
    payload: unknown,
  ) => Promise<{ statusCode: number; body: string; json: <T>() => T }>,
  events: string[],
): Promise<string> {
  const answer = await call('POST', '/api/webhooks/endpoints', { url: receiver.url, events });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ secret: string }>().secret;
}

/**
 * The received events of this type, verified with the endpoint's secret by a receiver whose clock
 * reads `now` (the server's test clock, which the chat test moves past the active window).
 */
function eventsOf(type: string, secret: string, now = Date.now()): Event[] {
  vi.useFakeTimers({ toFake: ['Date'], now });
  try {
    return receiver.received
      .map((got: ReceivedWebhook) => {
        try {
          return new Webhook(secret).verify(got.body, got.headers) as Event;
        } catch {
          return null; // another test's endpoint, signed with its own secret
        }
      })
      .filter((event): event is Event => event?.type === type);
  } finally {
    vi.useRealTimers();
  }
}

async function eventOf(type: string, secret: string, now?: () => number): Promise<Event> {
  await waitUntil(() => eventsOf(type, secret, now?.()).length > 0);
  return eventsOf(type, secret, now?.())[0] as Event;
}

describe('a phone call', () => {
  let h: VoiceHarness;
  beforeAll(async () => {
    h = await startVoiceHarness({ config: webhookConfig() });
  });
  afterAll(() => h.close());

  it('sends call.started when it is answered and call.ended with its transcript when the caller hangs up', async () => {
    h.realtime.setBehaviour({ responses: [{ text: 'Hello, Acme Dental, how can I help?', audioMs: 200 }] });
    try {
      const o = await h.owner({ agent: { speakFirst: true } });
      const secret = await addEndpoint(o.call, ['call.started', 'call.ended']);
      const events = await o.console();
      const call = await h.incomingCall(o, { from: '+14155550123' });
      const started = await eventOf('call.started', secret);
      expect(started.data.call).toEqual({
        id: call.streamSid,
        callSid: call.callSid,
        direction: 'inbound',
        agent: { id: o.agent.id, name: o.agent.name },
        from: '+14155550123',
        to: o.number,
        startedAt: expect.any(String),
        endedAt: null,
        durationSeconds: null,
      });
      await nextOfType(events, 'call.message');
      await waitUntil(() => call.twilio.playedMs >= 200);
      h.t.clock.advance(12_000);
      call.twilio.hangUp();
      await nextOfType(events, 'session.ended');
      const ended = await eventOf('call.ended', secret);
      expect(ended.data.call).toMatchObject({
        id: call.streamSid,
        agent: { id: o.agent.id, name: o.agent.name },
        durationSeconds: 12,
        endedReason: 'caller_hung_up',
        endedAt: new Date(h.t.clock.now()).toISOString(),
      });
      expect(ended.data.transcript).toEqual([{ role: 'assistant', text: 'Hello, Acme Dental, how can I help?' }]);
      expect(ended.data.cost).toMatchObject({ currency: 'USD', telephonyUsd: expect.any(Number) });
      expect(ended.data.recording).toBeNull();
      expect(eventsOf('call.ended', secret)).toHaveLength(1);
      // The catch-up scan knows this end was announced: nothing is sent twice.
      h.t.clock.advance(31_000);
      expect(await h.t.app.webhooks.events.scan()).toBe(0);
    } finally {
      h.realtime.setBehaviour({ responses: [] });
    }
  });
});

describe('analyses and chats', () => {
  let bed: AnalysisBed;
  let owner: SignedInCaller;
  let secret: string;
  beforeAll(async () => {
    bed = await startAnalysisBed({}, webhookConfig());
    owner = await bed.newOwner();
    secret = await addEndpoint(owner.call, ['call.analysis.ready', 'chat.conversation.ended', 'chat.analysis.ready']);
  });
  afterAll(() => bed.close());

  it('sends call.analysis.ready with the analysis once the runner has finished it', async () => {
    const agent = await bed.agentWithAnalysis(owner, { successCriteria: 'The caller got an appointment' });
    bed.fake.reply = () => ({
      json: { summary: 'Booked a cleaning', success: { verdict: 'pass', reason: 'Booked.' } },
    });
    const streamSid = await bed.endCall(owner, agent, ['I need a cleaning', 'Tuesday at 10 works']);
    await bed.poll();
    expect(await bed.analysis(owner, 'call', streamSid)).toMatchObject({ status: 'done' });
    const ready = await eventOf('call.analysis.ready', secret);
    expect(ready.data.call).toMatchObject({ id: streamSid, agent: { id: agent } });
    expect(ready.data.analysis).toMatchObject({ status: 'done', summary: 'Booked a cleaning', success: 'pass' });
    expect(ready.data.transcript).toEqual([
      { role: 'user', text: 'I need a cleaning' },
      { role: 'assistant', text: 'Tuesday at 10 works' },
    ]);
  });

  it('sends call.ended, once, for a call closed after its instance died', async () => {
    const other = await bed.newOwner();
    const otherSecret = await addEndpoint(other.call, ['call.ended']);
    const agent = await bed.agentWithAnalysis(other);
    bed.t.clock.advance(1000);
    const streamSid = `MZ${'d'.repeat(32)}`;
    const start = bed.t.clock.now();
    await insertSession(bed.t.db, {
      stream_sid: streamSid,
      call_sid: `CA${'d'.repeat(32)}`,
      user_id: other.user.id,
      agent_id: agent,
      agent_name: 'Agent',
      from_number: '+14155550100',
      to_number: '+14155550199',
      call_type: 'inbound',
      start_time: start,
      instance_id: 'an-instance-that-died',
    });
    bed.t.clock.advance(5000);
    expect(await closeOrphanedSessions(bed.t.db, bed.t.clock.now())).toBe(1);
    // The bridge that would have announced it is gone; the scan does, once the grace period has passed.
    expect(await bed.t.app.webhooks.events.scan()).toBe(0);
    bed.t.clock.advance(30_000);
    expect(await bed.t.app.webhooks.events.scan()).toBe(1);
    const ended = await eventOf('call.ended', otherSecret, bed.t.clock.now);
    expect(ended.data.call).toMatchObject({ id: streamSid, agent: { id: agent } });
    expect(await bed.t.app.webhooks.events.scan()).toBe(0);
  });

  it('sends chat.conversation.ended once for a chat that went quiet, then chat.analysis.ready', async () => {
    const bot = await bed.botWithAnalysis(owner);
    // Chats from before the endpoint existed are not announced: this one comes after it.
    bed.t.clock.advance(2000);
    const chat = await bed.quietChat(owner, bot, ['Do you ship to Canada?', 'Yes, in 5 days.'], 1000);
    // Still active: not ended yet.
    expect(await bed.t.app.webhooks.events.scan()).toBe(0);
    bed.t.clock.advance(CHAT_LIMITS.activeWindowMs);
    expect(await bed.t.app.webhooks.events.scan()).toBe(1);
    const ended = await eventOf('chat.conversation.ended', secret, bed.t.clock.now);
    expect(ended.data.conversation).toMatchObject({ id: chat, bot: { id: bot }, messageCount: 2 });
    expect(ended.data.transcript).toEqual([
      { role: 'user', text: 'Do you ship to Canada?' },
      { role: 'assistant', text: 'Yes, in 5 days.' },
    ]);
    // Another instance scanning the same window (or this one again) announces nothing twice.
    const other = new WebhookEvents({
      db: bed.t.db,
      clock: bed.t.clock.now,
      secretBox: bed.t.app.secretBox,
      log: bed.t.app.log,
      webhooks: bed.t.config.webhooks,
      publicUrl: bed.t.config.publicUrl,
      telephonyRates: bed.t.config.telephonyRates,
      wake: () => undefined,
    });
    expect(await other.scan()).toBe(0);

    bed.fake.reply = () => ({ json: { summary: 'Asked about shipping' } });
    await bed.t.app.chat.sweep();
    await bed.poll();
    const ready = await eventOf('chat.analysis.ready', secret, bed.t.clock.now);
    expect(ready.data.conversation).toMatchObject({ id: chat });
    expect(ready.data.analysis).toMatchObject({ status: 'done', summary: 'Asked about shipping' });
  });
});

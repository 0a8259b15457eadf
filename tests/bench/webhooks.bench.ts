/**
 * Webhook dispatch (issue 22) on one instance (SQLite) to a local receiver that answers 200 at
 * once: deliveries a second (test events queued in a burst, each signed and POSTed through the
 * outbound guard, a fresh connection per try), and the time from a call's end to its call.ended
 * delivery arriving, p99 held to 1 s. The call path is the bridge's own after the hang-up: the
 * end is stored (endSessionRecord), the event is built (transcript, cost) and queued, the
 * dispatcher woken, the request sent.
 */
import { randomBytes } from 'node:crypto';
import { insertAgent } from '../../server/db/agents.js';
import { insertMessage } from '../../server/db/sessionMessages.js';
import { endSessionRecord, insertSession } from '../../server/db/sessions.js';
import { WEBHOOK_DEFAULTS } from '../../server/webhooks/webhookConfig.js';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhookReceiver.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { waitUntil } from '../helpers/waitUntil.js';
import { type Bench, type BenchRow, budgetRow, machineLoadRow, percentile, round, timingRows } from './harness.js';

const BURST = 1000;
const CALLS = 200;

async function setUp(
  receiver: WebhookReceiver,
  events: string[],
): Promise<{ t: TestApp; userId: string; endpointId: string }> {
  const t = await createTestApp({
    config: {
      outboundAllow: [receiver.hostPort],
      webhooks: { ...WEBHOOK_DEFAULTS },
      rateLimit: { max: 1_000_000, windowMs: 60_000 },
    },
  });
  const user = await t.createUser();
  const { accessToken } = await t.login(user.username, user.password);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/endpoints',
    headers: t.auth(accessToken),
    payload: { url: receiver.url, events },
  });
  return { t, userId: user.id, endpointId: created.json<{ endpoint: { id: string } }>().endpoint.id };
}

async function throughput(): Promise<number> {
  const receiver = await startWebhookReceiver();
  const { t, userId, endpointId } = await setUp(receiver, ['call.ended']);
  try {
    const started = performance.now();
    for (let k = 0; k < BURST; k += 1) await t.app.webhooks.events.sendTest(userId, endpointId);
    await waitUntil(() => receiver.received.length >= BURST, 120_000);
    return BURST / ((performance.now() - started) / 1000);
  } finally {
    await t.close();
    await receiver.close();
  }
}

async function callEndToDelivery(): Promise<number[]> {
  const receiver = await startWebhookReceiver();
  const { t, userId } = await setUp(receiver, ['call.ended']);
  const times: number[] = [];
  try {
    const agentId = (await insertAgent(t.db, userId, 'Bench agent', t.clock.now())).row.id;
    for (let c = 0; c < CALLS; c += 1) {
      const streamSid = `MZ${randomBytes(16).toString('hex')}`;
      const start = t.clock.now();
      await insertSession(t.db, {
        stream_sid: streamSid,
        call_sid: `CA${randomBytes(16).toString('hex')}`,
        user_id: userId,
        agent_id: agentId,
        agent_name: 'Bench agent',
        from_number: '+14155550100',
        to_number: '+14155550199',
        call_type: 'inbound',
        start_time: start,
      });
      for (let seq = 0; seq < 8; seq += 1)
        await insertMessage(t.db, {
          stream_sid: streamSid,
          item_id: `item_${seq}`,
          seq,
          type: seq % 2 === 0 ? 'user' : 'assistant',
          message: `Line ${seq} of a call about booking a table for two on Friday evening.`,
          timestamp: start + seq,
          function_output: null,
          function_args: null,
          function_id: null,
        });
      t.clock.advance(60_000);
      const before = receiver.received.length;
      const ended = performance.now();
      await endSessionRecord(t.db, { stream_sid: streamSid, user_id: userId, start_time: start }, t.clock.now());
      await t.app.webhooks.events.callEnded(userId, streamSid, 'caller_hung_up');
      await waitUntil(() => receiver.received.length > before, 10_000);
      times.push(performance.now() - ended);
    }
    return times;
  } finally {
    await t.close();
    await receiver.close();
  }
}

export const bench: Bench = {
  name: 'webhooks',
  description: 'webhook deliveries a second and call end → delivery latency, one instance (SQLite), local receiver',
  run: async () => {
    const rows: BenchRow[] = [];
    rows.push({
      metric: `deliveries/s, burst of ${BURST} events`,
      value: round(await throughput()),
      unit: 'events/s',
      note: `concurrency ${WEBHOOK_DEFAULTS.concurrency}; queue, claim, sign, POST, store the try`,
    });
    const times = await callEndToDelivery();
    rows.push(
      ...timingRows('call end → call.ended delivered', times, `${CALLS} calls of 8 lines, one after another`),
      budgetRow(
        {
          metric: 'call end → call.ended delivered p99',
          value: round(percentile(times, 99)),
          unit: 'ms',
          note: 'end stored, event built and queued, dispatcher woken, POST received',
        },
        { atMost: 1000 },
      ),
    );
    rows.push(machineLoadRow());
    return rows;
  },
};

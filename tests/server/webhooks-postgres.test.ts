/**
 * Webhooks with two instances on one PostgreSQL (issue 22): both dispatchers poll the same queue
 * at once, over and over, and every event still reaches the receiver exactly once, each delivery
 * recorded with one try. Runs when SWITCHBOARD_TEST_DATABASE_URL is set (the PostgreSQL pass).
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/serverApp.js';
import { POSTGRES_TEST_URL } from '../helpers/testDatabase.js';
import { waitUntil } from '../helpers/waitUntil.js';
import { startWebhookBed, type WebhookBed } from '../helpers/webhookBed.js';

describe.skipIf(!POSTGRES_TEST_URL)('webhooks on two instances sharing PostgreSQL', () => {
  let bed: WebhookBed;
  let b: TestApp;
  beforeAll(async () => {
    bed = await startWebhookBed({ webhooks: { pollMs: 10, concurrency: 4 } });
    b = await bed.another();
  });
  afterAll(() => bed?.close());

  it('delivers each event exactly once while both instances claim at the same time', async () => {
    const { endpoint, secret } = await bed.addEndpoint();
    const a = bed.t;
    const events = 40;
    const queued: Promise<string>[] = [];
    for (let k = 0; k < events; k += 1) {
      const instance = k % 2 === 0 ? a : b;
      queued.push(instance.app.webhooks.events.sendTest(bed.owner.id, endpoint.id));
    }
    await Promise.all(queued);
    const polls: Promise<number>[] = [];
    for (let round = 0; round < 10; round += 1) {
      polls.push(a.app.webhooks.dispatcher.poll(), b.app.webhooks.dispatcher.poll());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(polls);
    await waitUntil(() => bed.receiver.received.length >= events);
    await Promise.all([a.app.webhooks.dispatcher.idle(), b.app.webhooks.dispatcher.idle()]);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const ids = bed.receiver.received.map((got) => got.headers['webhook-id']);
    expect(ids).toHaveLength(events);
    expect(new Set(ids).size).toBe(events);
    for (const got of bed.receiver.received)
      expect(() => new Webhook(secret).verify(got.body, got.headers)).not.toThrow();
    const tries = await a.db.selectFrom('webhook_attempts').select('delivery_id').execute();
    expect(tries).toHaveLength(events);
    const statuses = await a.db
      .selectFrom('webhook_deliveries')
      .select('status')
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    expect(statuses.every((row) => row.status === 'delivered')).toBe(true);
  });
});

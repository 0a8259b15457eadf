/**
 * Webhook deliveries (issue 22) as a receiver sees them: signed per Standard Webhooks (verified
 * with the `standardwebhooks` package, not Switchboard's code), retried on 500s and timeouts on
 * the schedule, never sent to private addresses or through redirects, signed with both secrets
 * while a rotation overlaps, and not lost when the instance restarts between tries.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryAnswer } from '../../shared/types/webhook.js';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhookReceiver.js';
import { startWebhookBed, type WebhookBed } from '../helpers/webhookBed.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

let bed: WebhookBed;
let elsewhere: WebhookReceiver;
beforeAll(async () => {
  bed = await startWebhookBed({ webhooks: { timeoutMs: 1500, rotationOverlapMs: 2 * SECOND } });
  // Not in OUTBOUND_ALLOW: a private address the guard must refuse.
  elsewhere = await startWebhookReceiver();
});
afterAll(async () => {
  await bed.close();
  await elsewhere.close();
});

async function sendTest(endpointId: string): Promise<string> {
  // The log is newest first: one test clock tick apart, as real events are.
  bed.t.clock.advance(1);
  const answer = await bed.call('POST', `/api/webhooks/endpoints/${endpointId}/test`);
  expect(answer.statusCode).toBe(202);
  return answer.json<{ deliveryId: string }>().deliveryId;
}

async function opened(deliveryId: string): Promise<WebhookDeliveryAnswer['delivery']> {
  return (await bed.call('GET', `/api/webhooks/deliveries/${deliveryId}`)).json<WebhookDeliveryAnswer>().delivery;
}

const dispatcher = () => bed.t.app.webhooks.dispatcher;

describe('webhook deliveries', () => {
  it('sends a test event that a Standard Webhooks library verifies, and logs the answer', async () => {
    const { endpoint, secret } = await bed.addEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    bed.receiver.answerNext({ status: 200, body: 'thanks' });
    const before = bed.receiver.received.length;
    const deliveryId = await sendTest(endpoint.id);
    const got = await bed.receiver.nth(before + 1);
    expect(got.method).toBe('POST');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]+$/);
    const payload = new Webhook(secret).verify(got.body, got.headers) as { type: string; data: { endpointId: string } };
    expect(payload).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got.body, got.headers)).toThrow(
      'No matching signature found',
    );
    await bed.settled(endpoint.id, 'delivered');
    const delivery = await opened(deliveryId);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200, lastResponse: 'thanks' });
    expect(delivery.payload).toBe(got.body);
    expect(delivery.attemptLog).toEqual([expect.objectContaining({ status: 200, error: null, response: 'thanks' })]);
  });

  it('signs with both secrets while a rotation overlaps, and with the new one alone after', async () => {
    const { endpoint, secret: old } = await bed.addEndpoint();
    const rotated = await bed.call('POST', `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`);
    const { secret: fresh, previousSecretExpiresAt } = rotated.json<{
      secret: string;
      previousSecretExpiresAt: number;
    }>();
    expect(fresh).not.toBe(old);
    expect(previousSecretExpiresAt).toBe(bed.t.clock.now() + 2 * SECOND);
    const revealed = await bed.call('GET', `/api/webhooks/endpoints/${endpoint.id}/secret`);
    expect(revealed.json()).toEqual({ success: true, secret: fresh, previousSecretExpiresAt });

    const before = bed.receiver.received.length;
    await sendTest(endpoint.id);
    const during = await bed.receiver.nth(before + 1);
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(during.body, during.headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(old).verify(during.body, during.headers)).toMatchObject({ type: 'webhook.test' });

    bed.t.clock.advance(2 * SECOND);
    await sendTest(endpoint.id);
    const after = await bed.receiver.nth(before + 2);
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(new Webhook(fresh).verify(after.body, after.headers)).toMatchObject({ type: 'webhook.test' });
    expect(() => new Webhook(old).verify(after.body, after.headers)).toThrow('No matching signature found');
    const endpointNow = (await bed.call('GET', `/api/webhooks/endpoints/${endpoint.id}`)).json<{
      endpoint: { previousSecretExpiresAt: number | null };
    }>();
    expect(endpointNow.endpoint.previousSecretExpiresAt).toBeNull();
  });

  it('turns an endpoint off when its receiver answers 410 Gone, and sends it nothing more', async () => {
    const { endpoint } = await bed.addEndpoint();
    bed.receiver.answerNext({ status: 410, body: 'gone' });
    const deliveryId = await sendTest(endpoint.id);
    await bed.settled(endpoint.id, 'failed');
    expect(await opened(deliveryId)).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 410 });
    const now = (await bed.call('GET', `/api/webhooks/endpoints/${endpoint.id}`)).json<{
      endpoint: { enabled: boolean };
    }>();
    expect(now.endpoint.enabled).toBe(false);
    expect(await bed.t.app.webhooks.events.callEnded(bed.owner.id, 'MZ-none')).toBe(0);
    expect((await bed.call('DELETE', `/api/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(200);
  });

  it('refuses private addresses when an endpoint is saved, naming the url field', async () => {
    for (const url of [
      'http://10.0.0.5/hook',
      'http://localhost:8080/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      elsewhere.url,
    ]) {
      const answer = await bed.call('POST', '/api/webhooks/endpoints', { url, events: ['call.ended'] });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json<{ error: string }>().error).toMatch(/^url: Blocked request to a private address/);
    }
    const ftp = await bed.call('POST', '/api/webhooks/endpoints', {
      url: 'ftp://example.com/x',
      events: ['call.ended'],
    });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json<{ error: string }>().error).toBe('url: must be an http:// or https:// URL');
  });

  it('never follows a redirect, not even to an address it could reach', async () => {
    const { endpoint } = await bed.addEndpoint();
    const target = await startWebhookReceiver();
    try {
      bed.receiver.answerNext(
        { redirect: 'http://169.254.169.254/latest/meta-data' },
        { redirect: target.url, status: 307 },
      );
      const first = await sendTest(endpoint.id);
      await bed.settled(endpoint.id, 'pending');
      expect(await opened(first)).toMatchObject({
        lastStatus: 302,
        lastError: 'Redirects are not followed (302 to http://169.254.169.254/latest/meta-data)',
      });
      const second = await sendTest(endpoint.id);
      await bed.settled(endpoint.id, 'pending');
      expect(await opened(second)).toMatchObject({ lastStatus: 307 });
      expect(target.received).toEqual([]);
    } finally {
      await target.close();
      // Its deliveries wait for retries; deleting the endpoint takes them along, out of the later tests' way.
      await bed.call('DELETE', `/api/webhooks/endpoints/${endpoint.id}`);
    }
  });

  it('refuses to send to a private address when the try is made (the allow-list changed since)', async () => {
    const { endpoint } = await bed.addEndpoint();
    // As if OUTBOUND_ALLOW had named this receiver when the endpoint was saved and no longer does.
    await bed.t.db.updateTable('webhook_endpoints').set({ url: elsewhere.url }).where('id', '=', endpoint.id).execute();
    const deliveryId = await sendTest(endpoint.id);
    await bed.settled(endpoint.id, 'pending');
    expect(await opened(deliveryId)).toMatchObject({
      lastStatus: null,
      lastError: 'Blocked request to a private address: 127.0.0.1',
    });
    expect(elsewhere.received).toEqual([]);
    expect((await bed.call('DELETE', `/api/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(200);
    expect(await bed.t.db.selectFrom('webhook_deliveries').select('id').where('id', '=', deliveryId).execute()).toEqual(
      [],
    );
  });

  it('retries a 500 and a timeout on the schedule, with the same webhook-id, until a 2xx', async () => {
    const { endpoint } = await bed.addEndpoint();
    bed.receiver.answerNext({ status: 500, body: 'boom' }, { hang: true }, { status: 204 });
    const before = bed.receiver.received.length;
    const deliveryId = await sendTest(endpoint.id);
    const first = await bed.receiver.nth(before + 1);
    await bed.settled(endpoint.id, 'pending');
    expect(await opened(deliveryId)).toMatchObject({ attempts: 1, lastStatus: 500, lastError: 'HTTP 500' });

    // Not due before its wait (5 s) has passed.
    bed.t.clock.advance(5 * SECOND - 1);
    await dispatcher().poll();
    await dispatcher().idle();
    expect(bed.receiver.received).toHaveLength(before + 1);
    bed.t.clock.advance(1);
    await dispatcher().poll();
    const second = await bed.receiver.nth(before + 2);
    await dispatcher().idle();
    expect(await opened(deliveryId)).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastStatus: null,
      lastError: 'Request timed out after 1500 ms',
    });

    bed.t.clock.advance(5 * MINUTE - 1);
    await dispatcher().poll();
    await dispatcher().idle();
    expect(bed.receiver.received).toHaveLength(before + 2);
    bed.t.clock.advance(1);
    await dispatcher().poll();
    const third = await bed.receiver.nth(before + 3);
    await bed.settled(endpoint.id, 'delivered');

    expect([first, second, third].map((r) => r.headers['webhook-id'])).toEqual(
      Array(3).fill(first.headers['webhook-id']),
    );
    const seconds = [first, second, third].map((r) => Number(r.headers['webhook-timestamp']));
    expect([seconds[1]! - seconds[0]!, seconds[2]! - seconds[1]!]).toEqual([5, 300]);
    expect(new Set([first.body, second.body, third.body]).size).toBe(1);
    const delivery = await opened(deliveryId);
    expect(delivery.attemptLog.map((a) => [a.status, a.error])).toEqual([
      [500, 'HTTP 500'],
      [null, 'Request timed out after 1500 ms'],
      [204, null],
    ]);
  });

  const SCHEDULE = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 300 * MINUTE, 600 * MINUTE];
  const endpointEnabled = async (endpointId: string) =>
    (await bed.call('GET', `/api/webhooks/endpoints/${endpointId}`)).json<{ endpoint: { enabled: boolean } }>().endpoint
      .enabled;

  it('fails a delivery once the schedule is spent, turns the endpoint off, and Resend sends it again', async () => {
    const { endpoint } = await bed.addEndpoint();
    bed.receiver.setFallback({ status: 503, body: 'down' });
    try {
      const deliveryId = await sendTest(endpoint.id);
      await bed.settled(endpoint.id, 'pending');
      for (const wait of SCHEDULE) {
        expect(await endpointEnabled(endpoint.id)).toBe(true);
        bed.t.clock.advance(wait);
        await dispatcher().poll();
        await dispatcher().idle();
      }
      expect(await opened(deliveryId)).toMatchObject({ status: 'failed', attempts: 7, nextAttemptAt: null });
      // A day with nothing taken: the endpoint is off until its owner turns it on again.
      expect(await endpointEnabled(endpoint.id)).toBe(false);
      const on = await bed.call('PATCH', `/api/webhooks/endpoints/${endpoint.id}`, { enabled: true });
      expect(on.statusCode).toBe(200);
      bed.receiver.setFallback({ status: 200, body: 'back' });
      const resent = await bed.call('POST', `/api/webhooks/deliveries/${deliveryId}/resend`);
      expect(resent.statusCode).toBe(200);
      await bed.settled(endpoint.id, 'delivered');
      const delivery = await opened(deliveryId);
      expect(delivery).toMatchObject({ attempts: 1, lastResponse: 'back' });
      expect(delivery.attemptLog).toHaveLength(8);
    } finally {
      bed.receiver.setFallback({ status: 200, body: 'ok' });
    }
  });

  it('keeps an endpoint on when a later event reached it while one delivery used up its schedule', async () => {
    const { endpoint } = await bed.addEndpoint();
    bed.receiver.setFallback({ status: 503, body: 'down' });
    try {
      const failing = await sendTest(endpoint.id);
      await bed.settled(endpoint.id, 'pending');
      // A second event, queued after the first, gets through at once.
      bed.receiver.answerNext({ status: 200, body: 'took it' });
      const later = await sendTest(endpoint.id);
      await dispatcher().idle();
      expect(await opened(later)).toMatchObject({ status: 'delivered' });
      for (const wait of SCHEDULE) {
        bed.t.clock.advance(wait);
        await dispatcher().poll();
        await dispatcher().idle();
      }
      expect(await opened(failing)).toMatchObject({ status: 'failed', attempts: 7 });
      expect(await endpointEnabled(endpoint.id)).toBe(true);
    } finally {
      bed.receiver.setFallback({ status: 200, body: 'ok' });
    }
  });

  it('loses nothing when the instance restarts between tries, or dies holding a try', async () => {
    const { endpoint } = await bed.addEndpoint();
    bed.receiver.answerNext({ status: 500 });
    const before = bed.receiver.received.length;
    const deliveryId = await sendTest(endpoint.id);
    const first = await bed.receiver.nth(before + 1);
    await bed.settled(endpoint.id, 'pending');
    // Stopped between tries; the restarted instance (a new app on the same database) sends the retry.
    await bed.t.app.webhooks.stop();
    const restarted = await bed.another();
    // Its clock starts from the real time; the first instance's was moved on by the tests above.
    restarted.clock.advance(bed.t.clock.now() - restarted.clock.now() + 5 * SECOND);
    await restarted.app.webhooks.dispatcher.poll();
    const second = await bed.receiver.nth(before + 2);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await restarted.app.webhooks.dispatcher.idle();
    expect(await opened(deliveryId)).toMatchObject({ status: 'delivered', attempts: 2 });

    // An instance that died mid-try left its claim: the next instance sends it once the lease has passed.
    const held = randomUUID();
    const now = restarted.clock.now();
    await restarted.db
      .insertInto('webhook_deliveries')
      .values({
        id: held,
        endpoint_id: endpoint.id,
        user_id: bed.owner.id,
        event_id: 'msg_heldByADeadInstance',
        event_type: 'webhook.test',
        event_key: 'webhook.test:held',
        payload: '{"type":"webhook.test","timestamp":"2026-11-28T00:00:00.000Z","data":{}}',
        status: 'sending',
        attempts: 1,
        next_attempt_at: now,
        lease_until: now + 1000,
        claim_token: 'dead-instance',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await restarted.app.webhooks.dispatcher.poll();
    await restarted.app.webhooks.dispatcher.idle();
    expect(bed.receiver.received).toHaveLength(before + 2);
    restarted.clock.advance(1001);
    await restarted.app.webhooks.dispatcher.poll();
    await bed.receiver.nth(before + 3);
    await restarted.app.webhooks.dispatcher.idle();
    expect(await opened(held)).toMatchObject({ status: 'delivered' });
  });
});

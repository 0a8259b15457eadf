/**
 * The webhook routes (issue 22) as an operator and another user see them: endpoints are the
 * effective user's (impersonation as everywhere), bad input is a 400 naming its field, the
 * signing secret is shown only on creation and by its own route, and the delivery log pages
 * newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveriesAnswer, WebhookEndpoint } from '../../shared/types/webhook.js';
import { startWebhookBed, type WebhookBed } from '../helpers/webhookBed.js';

let bed: WebhookBed;
beforeAll(async () => {
  bed = await startWebhookBed();
});
afterAll(() => bed.close());

describe('webhook endpoints', () => {
  it('creates, lists, updates and deletes an endpoint; the secret shows only where asked for', async () => {
    const created = await bed.call('POST', '/api/webhooks/endpoints', {
      url: ` ${bed.receiver.url} `,
      description: '  CRM  ',
      events: ['call.ended', 'call.started'],
    });
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.json<{ endpoint: WebhookEndpoint; secret: string }>();
    expect(endpoint).toMatchObject({
      url: bed.receiver.url,
      description: 'CRM',
      events: ['call.started', 'call.ended'],
      enabled: true,
      previousSecretExpiresAt: null,
    });
    const listed = await bed.call('GET', '/api/webhooks/endpoints');
    expect(listed.json<{ endpoints: WebhookEndpoint[] }>().endpoints.map((e) => e.id)).toContain(endpoint.id);
    expect(listed.body).not.toContain(secret.slice(6));
    expect((await bed.call('GET', `/api/webhooks/endpoints/${endpoint.id}`)).body).not.toContain(secret.slice(6));
    expect((await bed.call('GET', `/api/webhooks/endpoints/${endpoint.id}/secret`)).json()).toMatchObject({ secret });
    // Sealed at rest: the database never holds the secret in the clear.
    const row = await bed.t.db
      .selectFrom('webhook_endpoints')
      .select('secret')
      .where('id', '=', endpoint.id)
      .executeTakeFirst();
    expect(row?.secret).not.toContain(secret.slice(6));

    const patched = await bed.call('PATCH', `/api/webhooks/endpoints/${endpoint.id}`, {
      events: ['chat.conversation.ended'],
      enabled: false,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ endpoint: WebhookEndpoint }>().endpoint).toMatchObject({
      events: ['chat.conversation.ended'],
      enabled: false,
      description: 'CRM',
    });
    expect((await bed.call('DELETE', `/api/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(200);
    expect((await bed.call('GET', `/api/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(404);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ url: '', events: ['call.ended'] }, /^url: is required$/],
      [{ url: 'not a url', events: ['call.ended'] }, /^url: must be an http:\/\/ or https:\/\/ URL$/],
      [{ url: bed.receiver.url, events: [] }, /^events: choose at least one event$/],
      [{ url: bed.receiver.url, events: ['call.exploded'] }, /^events: unknown event "call.exploded"$/],
      [{ url: bed.receiver.url, events: ['call.ended'], description: 'a\u0007b' }, /^description: /],
      [{ events: ['call.ended'] }, /url/],
      [{ url: bed.receiver.url, events: 'call.ended' }, /events/],
      [{ url: bed.receiver.url, events: ['call.ended'], secret: 'mine' }, /secret/],
    ];
    for (const [payload, error] of cases) {
      const answer = await bed.call('POST', '/api/webhooks/endpoints', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json<{ error: string }>().error, JSON.stringify(payload)).toMatch(error);
    }
    const page = await bed.call('GET', '/api/webhooks/endpoints/x/deliveries?page=0');
    expect(page.statusCode).toBe(400);
  });

  it("keeps each user's endpoints and deliveries their own; an admin impersonating sees the user's", async () => {
    const { endpoint } = await bed.addEndpoint();
    const deliveryId = (await bed.call('POST', `/api/webhooks/endpoints/${endpoint.id}/test`)).json<{
      deliveryId: string;
    }>().deliveryId;
    const other = await bed.t.createUser();
    const { accessToken: otherToken } = await bed.t.login(other.username, other.password);
    const asOther = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      bed.t.app.inject({ method, url, headers: bed.t.auth(otherToken), ...(payload ? { payload } : {}) });
    expect((await asOther('GET', '/api/webhooks/endpoints')).json()).toEqual({ success: true, endpoints: [] });
    for (const [method, url] of [
      ['GET', `/api/webhooks/endpoints/${endpoint.id}`],
      ['GET', `/api/webhooks/endpoints/${endpoint.id}/secret`],
      ['POST', `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`],
      ['POST', `/api/webhooks/endpoints/${endpoint.id}/test`],
      ['GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`],
      ['DELETE', `/api/webhooks/endpoints/${endpoint.id}`],
      ['GET', `/api/webhooks/deliveries/${deliveryId}`],
      ['POST', `/api/webhooks/deliveries/${deliveryId}/resend`],
    ] as const) {
      const answer = await asOther(method, url);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    const admin = await bed.t.createUser({ role: 'admin' });
    const { accessToken: adminToken } = await bed.t.login(admin.username, admin.password);
    const impersonated = await bed.t.app.inject({
      method: 'GET',
      url: '/api/webhooks/endpoints',
      headers: bed.t.auth(adminToken, bed.owner.id),
    });
    expect(impersonated.json<{ endpoints: WebhookEndpoint[] }>().endpoints.map((e) => e.id)).toContain(endpoint.id);
  });

  it('pages the delivery log newest first', async () => {
    const { endpoint } = await bed.addEndpoint();
    const ids: string[] = [];
    for (let k = 0; k < 23; k += 1) {
      bed.t.clock.advance(1);
      ids.push(
        (await bed.call('POST', `/api/webhooks/endpoints/${endpoint.id}/test`)).json<{ deliveryId: string }>()
          .deliveryId,
      );
    }
    const first = (
      await bed.call('GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`)
    ).json<WebhookDeliveriesAnswer>();
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(first.deliveries.map((d) => d.id)).toEqual(ids.slice(3).reverse());
    const second = (
      await bed.call('GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries?page=2`)
    ).json<WebhookDeliveriesAnswer>();
    expect(second.deliveries.map((d) => d.id)).toEqual(ids.slice(0, 3).reverse());
    expect(second.deliveries[0]).toMatchObject({ eventType: 'webhook.test', eventId: expect.stringMatching(/^msg_/) });
  });

  it('refuses a 21st endpoint', async () => {
    const user = await bed.t.createUser();
    const { accessToken } = await bed.t.login(user.username, user.password);
    const create = () =>
      bed.t.app.inject({
        method: 'POST',
        url: '/api/webhooks/endpoints',
        headers: bed.t.auth(accessToken),
        payload: { url: bed.receiver.url, events: ['call.ended'] },
      });
    for (let k = 0; k < 20; k += 1) expect((await create()).statusCode).toBe(201);
    const refused = await create();
    expect(refused.json()).toMatchObject({
      code: 'quota_exceeded',
      error: 'Limit reached: at most 20 webhook endpoints per user',
    });
  });
});

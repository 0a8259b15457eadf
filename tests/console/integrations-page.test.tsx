/**
 * The Integrations page (issue 22): the endpoints with their events and delivery log, adding one
 * (URL, events, description; the secret shown once saved), a 400 naming `url` shown under the
 * URL field, Send test event, a delivery's tries with Resend, the signing secret with Rotate, and
 * deleting after a confirmation; loading, empty and failed states are said.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../../shared/types/webhook.js';
import { deferred, type FakeReply, type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { renderAsUser } from '../helpers/consoleRender.js';

const ENDPOINT: WebhookEndpoint = {
  id: 'ep1',
  url: 'https://crm.example.com/hooks',
  description: 'CRM',
  events: ['call.ended', 'call.analysis.ready'],
  enabled: true,
  previousSecretExpiresAt: null,
  createdAt: 1_790_000_000_000,
  updatedAt: 1_790_000_000_000,
};

const DELIVERY: WebhookDelivery = {
  id: 'd1',
  endpointId: 'ep1',
  eventId: 'msg_abc',
  eventType: 'call.ended',
  status: 'pending',
  attempts: 1,
  nextAttemptAt: 1_790_000_005_000,
  lastStatus: 500,
  lastError: 'HTTP 500',
  lastResponse: 'upstream down',
  createdAt: 1_790_000_000_000,
  updatedAt: 1_790_000_000_000,
};

const SECRET = `whsec_${'A'.repeat(43)}=`;

const routes = (endpoints: WebhookEndpoint[] = [ENDPOINT]): FakeRoutes => ({
  'GET /webhooks/endpoints': { body: { success: true, endpoints } },
  'GET /webhooks/endpoints/ep1/deliveries': {
    body: { success: true, deliveries: [DELIVERY], total: 1, page: 1, pageSize: 20 },
  },
  'GET /webhooks/deliveries/d1': {
    body: {
      success: true,
      delivery: {
        ...DELIVERY,
        payload: '{"type":"call.ended","data":{"call":{"id":"MZ1"}}}',
        attemptLog: [
          {
            id: 'a1',
            attemptedAt: 1_790_000_000_000,
            durationMs: 42,
            status: 500,
            error: 'HTTP 500',
            response: 'upstream down',
          },
        ],
      },
    },
  },
});

describe('Integrations page', () => {
  it('lists endpoints with their events and their delivery log', async () => {
    renderAsUser('/integrations', routes());
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeTruthy();
    const card = await screen.findByRole('region', { name: 'Endpoint CRM' });
    expect(within(card).getByText('https://crm.example.com/hooks')).toBeTruthy();
    expect(within(card).getByText('call.analysis.ready')).toBeTruthy();
    const log = await within(card).findByRole('table', { name: 'Deliveries to https://crm.example.com/hooks' });
    const row = within(log).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Retrying')).toBeTruthy();
    expect(row.textContent).toContain('upstream down');
  });

  it('shows the nav entry, and says when there is nothing yet and when loading failed', async () => {
    renderAsUser('/integrations', routes([]));
    expect(await screen.findByText('No webhook endpoints yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Integrations' }).length).toBeGreaterThan(0);
  });

  it('says it is loading, and offers to try again after a failure', async () => {
    const answer = deferred<FakeReply>();
    const app = renderAsUser('/integrations', { 'GET /webhooks/endpoints': () => answer.promise });
    expect(await screen.findByText('Loading endpoints...')).toBeTruthy();
    answer.resolve(failure(500, 'Database unavailable'));
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    app.fake.routes['GET /webhooks/endpoints'] = { body: { success: true, endpoints: [] } };
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No webhook endpoints yet')).toBeTruthy();
  });

  it('adds an endpoint with the chosen events and shows its secret; a refused URL is said under the field', async () => {
    const app = renderAsUser('/integrations', {
      ...routes([]),
      'POST /webhooks/endpoints': failure(
        400,
        'url: Blocked request to a private address: 10.0.0.5',
        'validation_failed',
      ),
    });
    await screen.findByText('No webhook endpoints yet');
    await app.user.click(screen.getAllByRole('button', { name: 'Add Endpoint' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add Endpoint' });
    await app.user.type(within(dialog).getByLabelText(/URL/), 'http://10.0.0.5/hook');
    await app.user.click(within(dialog).getByRole('checkbox', { name: /chat\.conversation\.ended/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Blocked request to a private address: 10.0.0.5')).toBeTruthy();
    expect(app.fake.callsTo('POST /webhooks/endpoints')[0]?.body).toEqual({
      url: 'http://10.0.0.5/hook',
      description: '',
      events: ['call.ended', 'chat.conversation.ended'],
    });

    app.fake.routes['POST /webhooks/endpoints'] = {
      status: 201,
      body: { success: true, endpoint: ENDPOINT, secret: SECRET },
    };
    app.fake.routes['GET /webhooks/endpoints'] = { body: { success: true, endpoints: [ENDPOINT] } };
    const url = within(dialog).getByLabelText(/URL/);
    await app.user.clear(url);
    await app.user.type(url, 'https://crm.example.com/hooks');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(SECRET)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('region', { name: 'Endpoint CRM' })).toBeTruthy();
  });

  it('turns a disabled endpoint back on from its Edit dialog', async () => {
    const disabled = { ...ENDPOINT, enabled: false };
    const app = renderAsUser('/integrations', {
      ...routes([disabled]),
      'PATCH /webhooks/endpoints/ep1': { body: { success: true, endpoint: ENDPOINT } },
    });
    const card = await screen.findByRole('region', { name: 'Endpoint CRM' });
    expect(within(card).getByText('Disabled')).toBeTruthy();
    await app.user.click(within(card).getByRole('button', { name: 'Edit CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Endpoint' });
    await app.user.click(within(dialog).getByRole('switch', { name: /Enabled/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.fake.callsTo('PATCH /webhooks/endpoints/ep1')).toHaveLength(1));
    expect(app.fake.callsTo('PATCH /webhooks/endpoints/ep1')[0]?.body).toEqual({
      url: ENDPOINT.url,
      description: 'CRM',
      events: ['call.ended', 'call.analysis.ready'],
      enabled: true,
    });
  });

  it('sends a test event, opens a delivery with its tries and resends it', async () => {
    const app = renderAsUser('/integrations', {
      ...routes(),
      'POST /webhooks/endpoints/ep1/test': { status: 202, body: { success: true, deliveryId: 'd2' } },
      'POST /webhooks/deliveries/d1/resend': (call) => ({
        body: { success: true, delivery: { ...DELIVERY, id: call.path.split('/')[3], payload: '{}', attemptLog: [] } },
      }),
    });
    const card = await screen.findByRole('region', { name: 'Endpoint CRM' });
    await app.user.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event sent')).toBeTruthy();
    expect(app.fake.callsTo('POST /webhooks/endpoints/ep1/test')).toHaveLength(1);

    await app.user.click(await within(card).findByRole('button', { name: 'Details of call.ended delivery' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/500 · 42 ms · HTTP 500/)).toBeTruthy();
    expect(within(dialog).getByText(/"id": "MZ1"/)).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(app.fake.callsTo('POST /webhooks/deliveries/d1/resend')).toHaveLength(1));
    expect(await screen.findByText('Delivery queued again')).toBeTruthy();
  });

  it('shows the signing secret, rotates it after a confirmation, and deletes an endpoint after one', async () => {
    const app = renderAsUser('/integrations', {
      ...routes(),
      'GET /webhooks/endpoints/ep1/secret': { body: { success: true, secret: SECRET, previousSecretExpiresAt: null } },
      'POST /webhooks/endpoints/ep1/rotate-secret': {
        body: { success: true, secret: `whsec_${'B'.repeat(43)}=`, previousSecretExpiresAt: 1_790_086_400_000 },
      },
      'DELETE /webhooks/endpoints/ep1': { body: { success: true, message: 'Webhook endpoint deleted' } },
    });
    const card = await screen.findByRole('region', { name: 'Endpoint CRM' });
    await app.user.click(within(card).getByRole('button', { name: 'Signing secret of CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(await within(dialog).findByText(SECRET)).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(app.fake.callsTo('POST /webhooks/endpoints/ep1/rotate-secret')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, rotate' }));
    expect(await within(dialog).findByText(`whsec_${'B'.repeat(43)}=`)).toBeTruthy();
    expect(within(dialog).getByText(/The previous secret also signs deliveries until/)).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await app.user.click(within(card).getByRole('button', { name: 'Delete CRM' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(app.fake.callsTo('DELETE /webhooks/endpoints/ep1')).toHaveLength(0);
    app.fake.routes['GET /webhooks/endpoints'] = { body: { success: true, endpoints: [] } };
    await app.user.click(within(confirm).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(app.fake.callsTo('DELETE /webhooks/endpoints/ep1')).toHaveLength(1));
    expect(await screen.findByText('No webhook endpoints yet')).toBeTruthy();
  });
});

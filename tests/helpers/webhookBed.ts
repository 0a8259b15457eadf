/**
 * A test app whose webhooks may reach a local receiver (OUTBOUND_ALLOW names it, as an operator
 * would), with a signed-in owner and shortcuts to add endpoints and wait for deliveries. A second
 * app on the same database (`another`) is another instance: or the same one restarted.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../../server/config.js';
import { WEBHOOK_DEFAULTS, type WebhookConfig } from '../../server/webhooks/webhookConfig.js';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../../shared/types/webhook.js';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhookReceiver.js';
import { createTestApp, type TestApp, type TestUser } from './serverApp.js';
import { waitUntil } from './waitUntil.js';

export interface WebhookBed {
  t: TestApp;
  receiver: WebhookReceiver;
  owner: TestUser;
  token: string;
  call: (method: string, url: string, payload?: unknown, app?: TestApp) => Promise<LightMyRequestResponse>;
  addEndpoint: (fields?: {
    url?: string;
    events?: WebhookEventType[];
  }) => Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  deliveries: (endpointId: string) => Promise<WebhookDelivery[]>;
  /** Waits until the endpoint's newest delivery has this status (for 'pending': after a try). */
  settled: (endpointId: string, status: WebhookDelivery['status']) => Promise<WebhookDelivery>;
  /** Another app (instance) on the same database, with the same webhook settings. */
  another: () => Promise<TestApp>;
  close: () => Promise<void>;
}

export interface WebhookBedOptions {
  webhooks?: Partial<WebhookConfig>;
  config?: Partial<Config>;
}

export async function startWebhookBed(options: WebhookBedOptions = {}): Promise<WebhookBed> {
  const receiver = await startWebhookReceiver();
  const config = (): Partial<Config> => ({
    outboundAllow: [receiver.hostPort],
    webhooks: { ...WEBHOOK_DEFAULTS, ...options.webhooks },
    ...options.config,
  });
  const t = await createTestApp({ config: config() });
  const others: TestApp[] = [];
  const owner = await t.createUser();
  let { accessToken: token } = await t.login(owner.username, owner.password);
  let signedInAt = t.clock.now();
  // Tests move the clock by hours: sign in afresh before the access token would have expired.
  const freshToken = async () => {
    if (t.clock.now() - signedInAt > 5 * 60_000) {
      token = (await t.login(owner.username, owner.password)).accessToken;
      signedInAt = t.clock.now();
    }
    return token;
  };
  const call: WebhookBed['call'] = async (method, url, payload, app = t) =>
    app.app.inject({
      method: method as 'GET',
      url,
      headers: t.auth(await freshToken()),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const deliveries = async (endpointId: string) =>
    (await call('GET', `/api/webhooks/endpoints/${endpointId}/deliveries`)).json<{ deliveries: WebhookDelivery[] }>()
      .deliveries;
  return {
    t,
    receiver,
    owner,
    token,
    call,
    addEndpoint: async (fields = {}) => {
      const answer = await call('POST', '/api/webhooks/endpoints', {
        url: fields.url ?? receiver.url,
        events: fields.events ?? ['call.started', 'call.ended', 'call.analysis.ready'],
      });
      if (answer.statusCode !== 201) throw new Error(`endpoint not created (${answer.statusCode}): ${answer.body}`);
      return answer.json<{ endpoint: WebhookEndpoint; secret: string }>();
    },
    deliveries,
    settled: async (endpointId, status) => {
      let newest: WebhookDelivery | undefined;
      await waitUntil(async () => {
        newest = (await deliveries(endpointId))[0];
        // A new delivery is pending before its first try too: 'pending' here means tried and waiting.
        return newest?.status === status && (status !== 'pending' || newest.attempts > 0);
      });
      return newest as WebhookDelivery;
    },
    another: async () => {
      const other = await createTestApp({
        config: { ...config(), databaseUrl: t.config.databaseUrl, dataDir: t.dataDir },
      });
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await t.close();
      await receiver.close();
    },
  };
}

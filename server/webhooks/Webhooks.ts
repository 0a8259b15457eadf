/**
 * Webhooks of one app (issue 22): the dispatcher that sends deliveries, the events that queue
 * them, and the use cases of the routes, built together and started and stopped with the app.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/types.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import type { TelephonyRates } from '../pricing/telephonyRates.js';
import { WebhookDispatcher } from './WebhookDispatcher.js';
import { WebhookEvents } from './WebhookEvents.js';
import type { WebhookConfig } from './webhookConfig.js';
import { WebhookService } from './webhookService.js';

export interface WebhooksDeps {
  db: Kysely<Database>;
  clock: Clock;
  secretBox: SecretBox;
  log: Pick<FastifyBaseLogger, 'error'>;
  config: { webhooks: WebhookConfig; outboundAllow: string[]; publicUrl: string; telephonyRates: TelephonyRates };
}

export class Webhooks {
  readonly dispatcher: WebhookDispatcher;
  readonly events: WebhookEvents;
  readonly service: WebhookService;

  constructor({ db, clock, secretBox, log, config }: WebhooksDeps) {
    this.dispatcher = new WebhookDispatcher({
      db,
      clock,
      secretBox,
      log,
      webhooks: config.webhooks,
      outboundAllow: config.outboundAllow,
    });
    const wake = () => void this.dispatcher.poll();
    this.events = new WebhookEvents({
      db,
      clock,
      secretBox,
      log,
      webhooks: config.webhooks,
      publicUrl: config.publicUrl,
      telephonyRates: config.telephonyRates,
      wake,
    });
    this.service = new WebhookService({
      db,
      clock,
      secretBox,
      events: this.events,
      wake,
      outboundAllow: config.outboundAllow,
      rotationOverlapMs: config.webhooks.rotationOverlapMs,
    });
  }

  start(): void {
    this.dispatcher.start();
    this.events.start();
  }

  async stop(): Promise<void> {
    await this.events.stop();
    await this.dispatcher.stop();
  }
}

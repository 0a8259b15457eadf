/**
 * Emitting webhook events (issue 22): each event is queued as delivery rows in the database, once
 * per subscribed endpoint, by the one place that already runs once per event: the instance that
 * ends a call (voice/), the claim holder that finishes an analysis (analysis/), the chat scan here
 * (which any number of instances may run: the (endpoint, event_key) key keeps one row). The
 * dispatcher is woken at once, so an event usually leaves within milliseconds.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebchatLead } from '../../shared/types/lead.js';
import type { WebhookEventType } from '../../shared/types/webhook.js';
import { WEBHOOK_TEST_EVENT } from '../../shared/types/webhook.js';
import { PeriodicTask } from '../core/PeriodicTask.js';
import type { Clock } from '../core/types.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { AnalysisJobRow } from '../db/analysisJobs.js';
import { activeSince } from '../db/chatConversations.js';
import type { Database } from '../db/schema.js';
import { knownEventKeys, queueDeliveries } from '../db/webhookDeliveries.js';
import { subscribedEndpoints } from '../db/webhookEndpoints.js';
import { endedCallsToAnnounce, quietChatsToAnnounce } from '../db/webhookScans.js';
import type { TelephonyRates } from '../pricing/telephonyRates.js';
import { callData } from './callPayload.js';
import { chatData } from './chatPayload.js';
import { leadData } from './leadPayload.js';
import type { WebhookConfig } from './webhookConfig.js';

export interface WebhookEventsDeps {
  db: Kysely<Database>;
  clock: Clock;
  secretBox: SecretBox;
  log: Pick<FastifyBaseLogger, 'error'>;
  webhooks: WebhookConfig;
  publicUrl: string;
  telephonyRates: TelephonyRates;
  /** Wakes this instance's dispatcher. */
  wake: () => void;
}

/** How far back the first scan of an instance looks (one that was down meanwhile catches up). */
const LOOKBACK_MS = 24 * 60 * 60_000;
const PER_SCAN = 500;
/** A call's end is announced by the bridge that stores it within milliseconds; the scan waits this long before doing it instead. */
const CALL_GRACE_MS = 30_000;

/** A `webhook-id`: `msg_` and 24 random base64url characters (never a '.', which the signed content uses). */
export function newEventId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

export class WebhookEvents {
  readonly #deps: WebhookEventsDeps;
  readonly #scan: PeriodicTask<number>;
  #chatsScannedUntil: number;
  #callsScannedUntil: number;

  constructor(deps: WebhookEventsDeps) {
    this.#deps = deps;
    this.#chatsScannedUntil = activeSince(deps.clock()) - LOOKBACK_MS;
    this.#callsScannedUntil = deps.clock() - LOOKBACK_MS;
    this.#scan = new PeriodicTask(
      async () => (await this.#scanChats()) + (await this.#scanCalls()),
      deps.webhooks.chatScanMs,
      (error) => deps.log.error({ err: error }, 'the webhook scan failed'),
    );
  }

  start(): void {
    this.#scan.start();
  }

  stop(): Promise<void> {
    return this.#scan.stop();
  }

  /** A call was answered and its session opened. */
  callStarted(userId: string, streamSid: string): Promise<number> {
    return this.#emit(userId, 'call.started', streamSid, () =>
      callData(this.#payloadDeps(), userId, streamSid, { ended: false, now: this.#deps.clock() }),
    );
  }

  /** A call's end was stored (by this instance, once). */
  callEnded(userId: string, streamSid: string, endedReason?: string): Promise<number> {
    return this.#emit(userId, 'call.ended', streamSid, () =>
      callData(this.#payloadDeps(), userId, streamSid, { ended: true, now: this.#deps.clock(), endedReason }),
    );
  }

  /** A visitor sent a bot's contact form (issue 25): the lead as stored, once per lead. */
  leadCaptured(bot: { id: string; name: string; user_id: string }, lead: WebchatLead): Promise<number> {
    return this.#emit(bot.user_id, 'lead.captured', lead.id, async () => leadData(bot, lead));
  }

  /** An analysis finished (stored by its claim's holder, once). Each run of it is its own event. */
  analysisReady(job: AnalysisJobRow): Promise<number> {
    const subject = job.kind === 'call' ? job.stream_sid : job.conversation_id;
    if (!subject) return Promise.resolve(0);
    const analysis = {
      status: job.status,
      summary: job.summary,
      success: job.success,
      successReason: job.success_reason,
      data: job.data === null ? null : (JSON.parse(job.data) as unknown),
      error: job.error,
      model: job.model,
    };
    const type = job.kind === 'call' ? 'call.analysis.ready' : 'chat.analysis.ready';
    return this.#emit(job.user_id, type, `${subject}:${job.finished_at ?? job.updated_at}`, async () => {
      const subjectData =
        job.kind === 'call'
          ? await callData(this.#payloadDeps(), job.user_id, subject, { ended: true, now: this.#deps.clock() })
          : await chatData(this.#deps.db, subject);
      return subjectData && { ...subjectData, analysis };
    });
  }

  /**
   * Announces the chats that went quiet since the last scan, and the ended calls nobody announced
   * (closed after their instance died); resolves with how many deliveries were queued.
   */
  scan(): Promise<number> {
    return this.#scan.runNow();
  }

  /** "Send test event": a small event for one endpoint, whatever events it takes. Its delivery's id. */
  async sendTest(userId: string, endpointId: string): Promise<string> {
    const now = this.#deps.clock();
    const eventId = newEventId();
    const payload = envelope(WEBHOOK_TEST_EVENT, now, {
      message: 'A test event from Switchboard: this endpoint receives signed deliveries.',
      endpointId,
    });
    const [id] = await queueDeliveries(
      this.#deps.db,
      { userId, eventId, eventType: WEBHOOK_TEST_EVENT, eventKey: `${WEBHOOK_TEST_EVENT}:${eventId}`, payload },
      [endpointId],
      now,
    );
    this.#deps.wake();
    return id as string;
  }

  async #emit(
    userId: string,
    type: WebhookEventType,
    subject: string,
    build: () => Promise<object | null>,
  ): Promise<number> {
    const { db, clock } = this.#deps;
    const endpoints = await subscribedEndpoints(db, userId, type);
    if (endpoints.length === 0) return 0;
    const data = await build();
    if (!data) return 0;
    const now = clock();
    const event = { userId, eventId: newEventId(), eventType: type, eventKey: `${type}:${subject}` };
    const queued = await queueDeliveries(
      db,
      { ...event, payload: envelope(type, now, data) },
      endpoints.map((endpoint) => endpoint.id),
      now,
    );
    if (queued.length > 0) this.#deps.wake();
    return queued.length;
  }

  async #scanChats(): Promise<number> {
    const { db, clock } = this.#deps;
    const quietUntil = activeSince(clock());
    const chats = await quietChatsToAnnounce(db, this.#chatsScannedUntil, quietUntil, PER_SCAN);
    // A full batch may have left some behind: the next scan goes on from the last one taken.
    this.#chatsScannedUntil = chats.length === PER_SCAN ? (chats.at(-1)?.last_message_at ?? quietUntil) : quietUntil;
    // A resumed conversation that goes quiet again is a new end: its key names its last message.
    const keyOf = (chat: (typeof chats)[number]) => `chat.conversation.ended:${chat.id}:${chat.last_message_at}`;
    const known = await knownEventKeys(db, [...new Set(chats.flatMap((chat) => chat.endpointIds))], chats.map(keyOf));
    let queued = 0;
    for (const chat of chats) {
      const endpointIds = chat.endpointIds.filter((id) => !known.has(`${id} ${keyOf(chat)}`));
      if (endpointIds.length === 0) continue;
      const data = await chatData(db, chat.id);
      if (!data) continue;
      const now = clock();
      const type = 'chat.conversation.ended';
      const event = { userId: chat.user_id, eventId: newEventId(), eventType: type, eventKey: keyOf(chat) };
      queued += (await queueDeliveries(db, { ...event, payload: envelope(type, now, data) }, endpointIds, now)).length;
    }
    if (queued > 0) this.#deps.wake();
    return queued;
  }

  async #scanCalls(): Promise<number> {
    const { db, clock } = this.#deps;
    const until = clock() - CALL_GRACE_MS;
    const calls = await endedCallsToAnnounce(db, this.#callsScannedUntil, until, PER_SCAN);
    this.#callsScannedUntil = calls.length === PER_SCAN ? (calls.at(-1)?.end_time ?? until) : until;
    // The bridge's own key: a call it announced is known here and skipped.
    const keyOf = (call: (typeof calls)[number]) => `call.ended:${call.stream_sid}`;
    const known = await knownEventKeys(db, [...new Set(calls.flatMap((call) => call.endpointIds))], calls.map(keyOf));
    let queued = 0;
    for (const call of calls) {
      const endpointIds = call.endpointIds.filter((id) => !known.has(`${id} ${keyOf(call)}`));
      if (endpointIds.length === 0) continue;
      const now = clock();
      const data = await callData(this.#payloadDeps(), call.user_id, call.stream_sid, { ended: true, now });
      if (!data) continue;
      const event = { userId: call.user_id, eventId: newEventId(), eventType: 'call.ended', eventKey: keyOf(call) };
      queued += (await queueDeliveries(db, { ...event, payload: envelope('call.ended', now, data) }, endpointIds, now))
        .length;
    }
    if (queued > 0) this.#deps.wake();
    return queued;
  }

  #payloadDeps() {
    const { db, secretBox, publicUrl, telephonyRates, webhooks } = this.#deps;
    return { db, secretBox, publicUrl, telephonyRates, recordingLinkTtlMs: webhooks.recordingLinkTtlMs };
  }
}

/** The Standard Webhooks payload: `type`, when the event happened, and its data. */
function envelope(type: string, at: number, data: object): string {
  return JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });
}

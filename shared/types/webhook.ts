/**
 * Outbound webhooks (issue 22): a user's endpoints, the events they take, and the delivery log.
 * Deliveries follow the Standard Webhooks specification (README "Webhooks").
 */

/** The events an endpoint can take, in the order the console lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'call.started',
  'call.ended',
  'call.analysis.ready',
  'chat.conversation.ended',
  'chat.analysis.ready',
  'lead.captured',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" sends; every endpoint takes it whatever its events. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_LIMITS = {
  urlMaxLength: 2000,
  descriptionMaxLength: 500,
  /** The delivery log's page size. */
  pageSize: 20,
} as const;

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** When the secret a rotation replaced stops signing; null when no rotation overlaps now. */
  previousSecretExpiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** POST /api/webhooks/endpoints; PATCH takes any part of it plus `enabled`. */
export interface WebhookEndpointBody {
  url: string;
  description?: string;
  events: WebhookEventType[];
  enabled?: boolean;
}

export interface WebhookEndpointsAnswer {
  success: true;
  endpoints: WebhookEndpoint[];
}

export interface WebhookEndpointAnswer {
  success: true;
  endpoint: WebhookEndpoint;
}

/** GET …/secret and POST …/rotate-secret: the signing secret (`whsec_…`). */
export interface WebhookSecretAnswer {
  success: true;
  secret: string;
  previousSecretExpiresAt: number | null;
}

export type WebhookDeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

/** One row of the delivery log. */
export interface WebhookDelivery {
  id: string;
  endpointId: string;
  /** The `webhook-id` header: the same on every try. */
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  /** Tries since it was queued or resent. */
  attempts: number;
  /** When the next try is due while pending; null otherwise. */
  nextAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  /** The start of the receiver's last answer (at most 1 KB). */
  lastResponse: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface WebhookAttempt {
  id: string;
  attemptedAt: number;
  durationMs: number;
  /** The receiver's HTTP status; null when none came (timeout, connection refused, blocked address). */
  status: number | null;
  error: string | null;
  response: string | null;
}

export interface WebhookDeliveriesAnswer {
  success: true;
  deliveries: WebhookDelivery[];
  total: number;
  page: number;
  pageSize: number;
}

/** One delivery opened: what was sent and every try. */
export interface WebhookDeliveryAnswer {
  success: true;
  delivery: WebhookDelivery & { payload: string; attemptLog: WebhookAttempt[] };
}

/** The body of a webhook endpoint's create and update, and the endpoint on the wire. */
import { Type } from 'typebox';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../shared/types/webhook.js';
import { invalidField } from '../core/AppError.js';
import { withoutControlCharacters } from '../core/fieldRules.js';
import type { WebhookEndpointRecord } from '../db/webhookEndpoints.js';
import { overlapEnd } from './endpointSecrets.js';

const fields = {
  url: Type.String({ maxLength: WEBHOOK_LIMITS.urlMaxLength }),
  description: Type.String({ maxLength: WEBHOOK_LIMITS.descriptionMaxLength }),
  // The names are checked in eventsOf, so an unknown one is named in the answer.
  events: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 }),
  enabled: Type.Boolean(),
};

export const CreateEndpointBody = Type.Object(
  {
    url: fields.url,
    description: Type.Optional(fields.description),
    events: fields.events,
    enabled: Type.Optional(fields.enabled),
  },
  { additionalProperties: false },
);

export const UpdateEndpointBody = Type.Partial(Type.Object(fields, { additionalProperties: false }));

/** The chosen events, known and at least one, in the console's order. */
export function eventsOf(events: readonly string[]): WebhookEventType[] {
  const known: readonly string[] = WEBHOOK_EVENT_TYPES;
  const unknown = events.find((event) => !known.includes(event));
  if (unknown !== undefined) throw invalidField('events', `unknown event "${unknown.slice(0, 100)}"`);
  if (events.length === 0) throw invalidField('events', 'choose at least one event');
  return WEBHOOK_EVENT_TYPES.filter((event) => events.includes(event));
}

export function descriptionOf(description: string): string {
  const text = description.trim();
  withoutControlCharacters('description', text);
  return text;
}

export function toWebhookEndpoint(row: WebhookEndpointRecord, now: number): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: storedEvents(row.events),
    enabled: row.enabled === 1,
    previousSecretExpiresAt: overlapEnd(row, now),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The stored list, read leniently: only known names. */
export function storedEvents(text: string): WebhookEventType[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? WEBHOOK_EVENT_TYPES.filter((event) => parsed.includes(event)) : [];
  } catch {
    return [];
  }
}

/**
 * Endpoint signing secrets: `whsec_` + base64 of 32 random bytes (Standard Webhooks: 24–64 bytes),
 * sealed with SecretBox per endpoint and column, so a sealed secret copied to another row or to the
 * other column does not open.
 */
import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { WebhookEndpointRecord } from '../db/webhookEndpoints.js';

export const SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

type SecretColumn = 'secret' | 'previous_secret';

export function sealSecret(box: SecretBox, endpointId: string, column: SecretColumn, secret: string): string {
  return box.encrypt(secret, `${endpointId}:webhook_${column}`);
}

export function openSecret(box: SecretBox, endpointId: string, column: SecretColumn, sealed: string): string {
  return box.decrypt(sealed, `${endpointId}:webhook_${column}`);
}

/** The secrets that sign a delivery now: the current one, and the rotated-out one while its overlap lasts. */
export function signingSecrets(
  box: SecretBox,
  endpoint: Pick<WebhookEndpointRecord, 'id' | 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
  now: number,
): string[] {
  const secrets = [openSecret(box, endpoint.id, 'secret', endpoint.secret)];
  if (endpoint.previous_secret && Number(endpoint.previous_secret_expires_at ?? 0) > now) {
    secrets.push(openSecret(box, endpoint.id, 'previous_secret', endpoint.previous_secret));
  }
  return secrets;
}

/** When a rotation's overlap ends, or null when none lasts at `now`. */
export function overlapEnd(
  endpoint: Pick<WebhookEndpointRecord, 'previous_secret' | 'previous_secret_expires_at'>,
  now: number,
): number | null {
  const end = endpoint.previous_secret ? Number(endpoint.previous_secret_expires_at ?? 0) : 0;
  return end > now ? end : null;
}

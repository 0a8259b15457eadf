/**
 * Standard Webhooks signing (VOICE.md §16.1): HMAC-SHA256 over `${id}.${timestamp}.${body}`
 * keyed with the base64-decoded part of `whsec_…`, sent as `v1,<base64>`; several secrets (a
 * rotation's overlap) give a space-separated list. The body signed is the exact body sent.
 */
import { createHmac } from 'node:crypto';
import { SECRET_PREFIX } from './endpointSecrets.js';

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signWebhook(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): SignedHeaders {
  const content = `${id}.${timestampSeconds}.${body}`;
  const signatures = secrets.map((secret) => {
    const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
    return `v1,${createHmac('sha256', key).update(content, 'utf8').digest('base64')}`;
  });
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatures.join(' '),
  };
}

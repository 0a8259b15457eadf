/**
 * An endpoint's URL is checked when it is saved, with the rules every try is held to later
 * (net/outboundGuard.ts): http or https, no private or local address unless OUTBOUND_ALLOW names
 * it, and a host name must not resolve to one. A name that does not resolve now is accepted: its
 * tries fail and say why, as they would if it stopped resolving later.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_LIMITS } from '../../shared/types/webhook.js';
import { invalidField } from '../core/AppError.js';
import { isBlockedAddress } from '../net/addressPolicy.js';
import { OutboundRequestError } from '../net/OutboundRequestError.js';
import { allowListKeys, vetTarget } from '../net/targetPolicy.js';

const LOOKUP_TIMEOUT_MS = 3000;

export async function checkEndpointUrl(raw: string, allow: readonly string[]): Promise<string> {
  const text = raw.trim();
  if (text === '') throw invalidField('url', 'is required');
  if (text.length > WEBHOOK_LIMITS.urlMaxLength)
    throw invalidField('url', `must be at most ${WEBHOOK_LIMITS.urlMaxLength} characters`);
  let target: ReturnType<typeof vetTarget>;
  try {
    target = vetTarget(text, allowListKeys(allow));
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    if (error.code === 'invalid_url' || error.code === 'bad_protocol')
      throw invalidField('url', 'must be an http:// or https:// URL');
    throw invalidField('url', `${error.message}; webhooks go to public addresses only`);
  }
  if (!target.allowListed && isIP(target.host) === 0 && (await resolvesToBlocked(target.host))) {
    throw invalidField('url', `${target.host} resolves to a private address; webhooks go to public addresses only`);
  }
  return target.url.href;
}

async function resolvesToBlocked(host: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), LOOKUP_TIMEOUT_MS);
  });
  try {
    const answers = await Promise.race([lookup(host, { all: true }).catch(() => null), timeout]);
    return (answers ?? []).some((answer) => isBlockedAddress(answer.address));
  } finally {
    clearTimeout(timer);
  }
}

/** Demo links (spec part 2 §3, §5): the link a demo shows, and the public address of its page. */
import { WEBCHAT_LIMITS } from '../../shared/defaults.js';
import type { Demo } from '../../shared/types/webchat.js';
import { invalidField } from '../core/AppError.js';
import type { DemoRecord } from '../db/webchatDemos.js';
import { isOwnAddress, type OwnAddress } from '../net/ownAddresses.js';

/**
 * An absolute http(s) URL without credentials, at none of the `own` addresses (net/ownAddresses.ts: a demo
 * of this server's own pages would frame the console); answered normalised. Throws a 400 naming `link`.
 */
export function parseDemoLink(value: string, own: readonly OwnAddress[]): string {
  const trimmed = value.trim();
  if (trimmed === '') throw invalidField('link', 'is required');
  if (trimmed.length > WEBCHAT_LIMITS.demoLinkMaxLength) {
    throw invalidField('link', `must be at most ${WEBCHAT_LIMITS.demoLinkMaxLength} characters long`);
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalidField('link', 'must be a full http:// or https:// address');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw invalidField('link', 'must be a full http:// or https:// address');
  }
  if (url.username !== '' || url.password !== '')
    throw invalidField('link', 'must not contain a user name or password');
  if (isOwnAddress(url, own))
    throw invalidField('link', "must be your website's address, not one of this Switchboard server's pages");
  return url.href;
}

/** `{PUBLIC_URL}/demo/{id}`: the page anyone with the link may open. */
export function demoAccessUrl(publicUrl: string, demoId: string): string {
  return `${publicUrl}/demo/${encodeURIComponent(demoId)}`;
}

export function toDemo(row: DemoRecord, publicUrl: string): Demo {
  return {
    id: row.id,
    link: row.link,
    created_at: Number(row.created_at),
    accessUrl: demoAccessUrl(publicUrl, row.id),
    webchatId: row.webchat_id,
  };
}

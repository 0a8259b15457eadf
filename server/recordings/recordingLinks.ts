/**
 * Signed links to a call's audio (issue 21). An `<audio>` element cannot send the console's
 * bearer token, so the owner asks for a link first (an authenticated POST, impersonation rules
 * and all); the link names the call and its expiry and carries a keyed hash of both with the
 * owner's id. It opens that one recording, for its owner, until it expires — nothing else.
 */
import { timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../crypto/SecretBox.js';

/** How long a link opens its recording: long enough to listen, seek and download. */
export const RECORDING_LINK_TTL_MS = 10 * 60_000;

const PURPOSE = 'recording-link';

function signature(secretBox: SecretBox, streamSid: string, userId: string, expiresAt: number): string {
  return secretBox.lookupHash(PURPOSE, `${streamSid}\n${userId}\n${expiresAt}`);
}

export function signRecordingLink(
  secretBox: SecretBox,
  streamSid: string,
  userId: string,
  now: number,
  /** Longer for a link handed to another system (a webhook's receiver fetches it later). */
  ttlMs = RECORDING_LINK_TTL_MS,
): { token: string; expiresAt: number } {
  const expiresAt = now + ttlMs;
  return { token: `${expiresAt}.${signature(secretBox, streamSid, userId, expiresAt)}`, expiresAt };
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** Whether `token` opens the recording of `streamSid`, owned by `userId`, at `now`. */
export function checkRecordingLink(
  secretBox: SecretBox,
  token: string,
  streamSid: string,
  userId: string,
  now: number,
): LinkCheck {
  const match = /^(\d{1,16})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return 'invalid';
  const expiresAt = Number(match[1]);
  const expected = Buffer.from(signature(secretBox, streamSid, userId, expiresAt), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(match[2] as string, 'hex'))) return 'invalid';
  return now < expiresAt ? 'valid' : 'expired';
}

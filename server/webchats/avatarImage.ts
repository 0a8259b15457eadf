/**
 * The avatar rule (spec part 2 §3, §5): a data URL of a PNG, JPEG or WebP image whose bytes really
 * are that type, at most WEBCHAT_LIMITS.avatarMaxBytes decoded; or an https URL; or null. It ends
 * up as an <img src> on customers' pages, so nothing else is let through.
 */
import { WEBCHAT_LIMITS } from '../../shared/defaults.js';
import type { Checked } from '../core/fieldRules.js';

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]*={0,2})$/;

const MAGIC: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = (error: string): Checked<never> => ({ ok: false, error });

const SHAPE = 'must be a PNG, JPEG or WebP data URL, an https URL or null';

function checkDataUrl(value: string): Checked<string> {
  const match = DATA_URL.exec(value);
  if (!match) return fail(SHAPE);
  const [, type, base64] = match as unknown as [string, string, string];
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const size = Math.floor((base64.length * 3) / 4) - padding;
  const maxKb = WEBCHAT_LIMITS.avatarMaxBytes / 1024;
  if (size > WEBCHAT_LIMITS.avatarMaxBytes) return fail(`must be at most ${maxKb} KB`);
  if (base64.length % 4 !== 0 || size === 0) return fail('is not valid base64 image data');
  const bytes = Buffer.from(base64, 'base64');
  const holds = MAGIC[type];
  if (!holds?.(bytes)) return fail(`does not hold ${type} data`);
  return ok(value);
}

function checkHttpsUrl(value: string): Checked<string> {
  if (value.length > WEBCHAT_LIMITS.avatarUrlMaxLength)
    return fail(`must be at most ${WEBCHAT_LIMITS.avatarUrlMaxLength} characters long`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(SHAPE);
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return fail(SHAPE);
  return ok(url.href);
}

/** The stored avatar: the data URL as sent, the normalised https URL, or null ('' counts as none). */
export function checkAvatarImage(value: unknown): Checked<string | null> {
  if (value === null || value === '') return ok(null);
  if (typeof value !== 'string') return fail(SHAPE);
  if (value.startsWith('data:')) return checkDataUrl(value);
  return checkHttpsUrl(value);
}

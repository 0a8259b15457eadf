/**
 * Twilio request signatures (VOICE.md §1.5): `X-Twilio-Signature` is
 * base64(HMAC-SHA1(authToken, fullUrl + Σ sorted(name + value))). Webhooks sign the URL Twilio
 * requested plus the form parameters; the Media Stream upgrade signs its wss:// URL with no
 * parameters.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

/** base64 of an HMAC-SHA1 (20 bytes): 27 characters and one `=`. */
const SIGNATURE_SHAPE = /^[A-Za-z0-9+/]{27}=$/;

/** True when `value` could be a Twilio signature at all (whether it is one needs the auth token). */
export function isSignatureShaped(value: unknown): value is string {
  return typeof value === 'string' && SIGNATURE_SHAPE.test(value);
}

export type TwilioParams = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The signature Twilio computes for `url` and `params` with the account's auth token. */
export function twilioSignature(authToken: string, url: string, params: TwilioParams = {}): string {
  // Names sorted by byte order; a multi-valued parameter contributes each value, sorted too.
  const names = Object.keys(params).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let data = url;
  for (const name of names) {
    const value = params[name];
    if (value === undefined) continue;
    const values = typeof value === 'string' ? [value] : [...value].sort();
    for (const v of values) data += name + v;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * The URL as given, without its port and with the scheme's default port: Twilio's own validators
 * accept any of them because Twilio's signing is inconsistent about ports.
 */
function urlVariants(url: string): string[] {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#:]+)(:\d+)?(.*)$/i.exec(url);
  if (!match) return [url];
  const [, scheme = '', host = '', port, rest = ''] = match;
  const defaultPort = /^(https|wss):/i.test(scheme) ? ':443' : ':80';
  return [...new Set([url, `${scheme}${host}${rest}`, `${scheme}${host}${port ?? defaultPort}${rest}`])];
}

function equalSignatures(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when `signature` is Twilio's for the URL (with or without its default port) and params. */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: TwilioParams = {},
): boolean {
  if (!signature || !authToken) return false;
  return urlVariants(url).some((variant) => equalSignatures(twilioSignature(authToken, variant, params), signature));
}

/**
 * Secrets out of log lines, as pino's `formatters.log`: a field named like a secret (password,
 * tokens, account secrets), at the top of a log call's object or one level down, and the
 * credential headers under `headers`, are written as `[REDACTED]`. pino's own `redact` did the
 * same with wildcard paths, cloning and walking every field of every line (about 20 µs a
 * request); this looks at key names only and copies an object only when it has something to hide.
 * `req` and `res` are skipped: their serializers (logging.ts and Fastify's) keep a fixed list of
 * fields that holds no secret. Objects interpolated into a message (`%o`) are not looked at:
 * the server never logs that way.
 */
export const CENSOR = '[REDACTED]';

const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'currentPassword',
  'newPassword',
  'accessToken',
  'refreshToken',
  'token',
  'openai_api_key',
  'twilio_auth_token',
  'twilio_account_sid',
  'OPENAI_API_KEY',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_ACCOUNT_SID',
]);

const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'cookie', 'set-cookie']);

/** Fields whose serializer keeps only fields that are never secret. */
const SERIALIZED_SAFE: ReadonlySet<string> = new Set(['req', 'res']);

/** `value` with its secret fields censored: the same object when there are none, else a copy (prototype and hidden fields kept, for errors). */
function censorFields(value: object, secret: (key: string) => boolean): object {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (!secret(key)) continue;
    copy ??= Object.create(Object.getPrototypeOf(value), Object.getOwnPropertyDescriptors(value)) as Record<
      string,
      unknown
    >;
    Object.defineProperty(copy, key, { value: CENSOR, enumerable: true, writable: true, configurable: true });
  }
  return copy ?? value;
}

export function redactLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    let safe = value;
    if (SECRET_FIELDS.has(key)) safe = CENSOR;
    else if (typeof value === 'object' && value !== null && !SERIALIZED_SAFE.has(key)) {
      const headers = key === 'headers';
      safe = censorFields(
        value,
        (field) => SECRET_FIELDS.has(field) || (headers && CREDENTIAL_HEADERS.has(field.toLowerCase())),
      );
    }
    if (safe !== value) {
      copy ??= { ...fields };
      copy[key] = safe;
    }
  }
  return copy ?? fields;
}

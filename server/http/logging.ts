/**
 * Logger options for Fastify's pino: secrets never reach the log. Headers with credentials,
 * password and token fields and account secrets are redacted, and the real-time channel's
 * `?token=` is masked in every logged URL.
 */
import type { FastifyRequest } from 'fastify';
import type { LogLevel } from '../config.js';

const SECRET_QUERY = /([?&](?:token|access_token|refresh_token)=)[^&#]*/gi;

/** The URL with token query values replaced by `[REDACTED]`. */
export function maskUrlSecrets(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]');
}

const SECRET_FIELDS = [
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
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

export interface LogDestination {
  write(line: string): void;
}

export interface LoggerSettings {
  level: LogLevel;
  /** Where log lines go; stdout when absent. Tests pass a collector. */
  stream?: LogDestination;
}

/** Fastify `logger` options for the given settings. */
export function loggerOptions({ level, stream }: LoggerSettings) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: maskUrlSecrets(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}

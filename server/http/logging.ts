/**
 * Logger options for Fastify's pino: secrets never reach the log. Headers with credentials,
 * password and token fields and account secrets are redacted (redactLogFields.ts), and the
 * real-time channel's `?token=` is masked in every logged URL. One line per request (RequestLogController), readable
 * on a terminal and JSON otherwise.
 */
import type { FastifyRequest } from 'fastify';
import { type LogDestination, prettyLogDestination } from './prettyLog.js';
import { redactLogFields } from './redactLogFields.js';

const SECRET_QUERY_KEYS = new Set(['token', 'access_token', 'refresh_token']);

/** A query key as the query-string parser reads it: `+` is a space, then percent-decoded. */
function decodedKey(raw: string): string {
  const spaced = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The URL with the values of token query keys replaced by `[REDACTED]`. Keys are compared
 * decoded, as the server reads them (issue 7, finding 3): `?%74oken=…` is the `token` key.
 */
export function maskUrlSecrets(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawKey = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_QUERY_KEYS.has(decodedKey(rawKey).toLowerCase()) ? `${rawKey}=[REDACTED]` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LoggerSettings {
  level: LogLevel;
  /**
   * Where log lines go. When absent: stdout, as readable lines when stdout is a terminal and as
   * JSON lines otherwise (for log collectors). Tests pass a collector.
   */
  stream?: LogDestination;
}

/** Fastify `logger` options for the given settings. */
export function loggerOptions({ level, stream }: LoggerSettings) {
  const destination = stream ?? (process.stdout.isTTY ? prettyLogDestination(process.stdout, true) : undefined);
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    formatters: { log: redactLogFields },
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

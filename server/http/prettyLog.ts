/**
 * Readable log lines for a terminal (issue 7, finding 16): one line per request, e.g.
 * `08:12:01 INFO: GET /api/tools → 200 (3 ms)`, instead of two raw JSON lines. pino redacts and the
 * request serializer masks tokens before a line gets here, so this only reformats what is safe.
 * Synchronous, so nothing is lost when the process exits right after a line.
 */
import { prettyFactory } from 'pino-pretty';

interface RequestFields {
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

/** The request line for a request log entry ('websocket upgrade' has no status), the message for anything else. */
function message(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as RequestFields;
  if (req && res && typeof responseTime === 'number') {
    return `${String(req.method)} ${String(req.url)} → ${String(res.statusCode)} (${Math.round(responseTime)} ms)`;
  }
  if (req) return `${String(req.method)} ${String(req.url)} → ${String(log[messageKey] ?? '')}`;
  return String(log[messageKey] ?? '');
}

/** A destination that writes each JSON log line to `out` as one readable line (colours when asked). */
/** Where log lines are written: stdout, or a test's collector. */
export interface LogDestination {
  write(line: string): void;
}

export function prettyLogDestination(out: LogDestination, colorize: boolean): LogDestination {
  const format = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: (log, messageKey) => message(log, messageKey),
  });
  return { write: (line) => out.write(format(line)) };
}

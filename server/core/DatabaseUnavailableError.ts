/**
 * The database could not be reached: PostgreSQL stopped or restarting, or the network to it cut
 * (issue 12). Requests answer 503 `database_unavailable` with Retry-After (http/errorHandler.ts)
 * instead of a 500, and the pool reconnects by itself once the database is back.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database is not reachable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away: class 08 (connection exception), 57P01 admin_shutdown
 * (`pg_ctl stop -m fast`), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or stopping).
 */
const SERVER_GONE = /^(08...|57P0[123])$/;

/** What node-postgres and its pool say when a connection ends, cannot be made in time, or hangs. */
const PG_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/**
 * Whether an error of the PostgreSQL driver means the database is out of reach (rather than a
 * query that failed on a reachable one). Only ever asked about errors the driver threw
 * (GuardedPostgresPool), so a refused connection to some other service is never taken for one.
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE.test(code))) return true;
  if (PG_MESSAGES.has(error.message)) return true;
  // Node tries every address of a name like localhost and reports all failures together.
  return error instanceof AggregateError && error.errors.length > 0 && error.errors.every(isConnectionError);
}

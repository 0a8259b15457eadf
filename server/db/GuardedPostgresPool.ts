/**
 * The pg pool as Kysely sees it, with connection failures turned into DatabaseUnavailableError
 * (issue 12). The wrapping sits here, at the driver, rather than in the error handler guessing
 * from error codes: an ECONNREFUSED from a tool's fetch or from Twilio must stay what it is.
 * A client whose connection failed is destroyed on release instead of going back to the pool,
 * so the next query opens a fresh connection (to a database that may be back by then).
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { DatabaseUnavailableError, isConnectionError } from '../core/DatabaseUnavailableError.js';

function guarded(error: unknown): unknown {
  return isConnectionError(error) ? new DatabaseUnavailableError(error) : error;
}

class GuardedClient implements PostgresPoolClient {
  readonly #client: pg.PoolClient;
  #broken = false;
  /**
   * pg emits 'error' on a client whose connection ends, and the pool only listens while the
   * client is idle: without this, a connection cut while it is lent out (PostgreSQL stopping in
   * the middle of a transaction) would be an uncaught exception that ends the process. The query
   * in flight or the next one fails with the error; here it only marks the client for disposal.
   */
  readonly #onError = () => {
    this.#broken = true;
  };

  constructor(client: pg.PoolClient) {
    this.#client = client;
    client.on('error', this.#onError);
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    input: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (Kysely's streamed queries) is handed to pg as it is; its reads fail as pg's do.
    if (typeof input !== 'string')
      return this.#client.query(input as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    return this.#client.query(input, [...parameters]).then(
      (result) => result as unknown as PostgresQueryResult<R>,
      (error: unknown) => {
        if (isConnectionError(error)) this.#broken = true;
        throw guarded(error);
      },
    );
  }

  release(): void {
    this.#client.off('error', this.#onError);
    this.#client.release(this.#broken);
  }
}

export class GuardedPostgresPool implements PostgresPool {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async connect(): Promise<PostgresPoolClient> {
    try {
      return new GuardedClient(await this.#pool.connect());
    } catch (error) {
      throw guarded(error);
    }
  }

  end(): Promise<void> {
    return this.#pool.end();
  }
}

/**
 * A database out of reach answers 503 `database_unavailable` with Retry-After (issue 12), and
 * only that: the driver marks its own connection failures (GuardedPostgresPool), so the same
 * socket error from another service stays a 500. Runs without a PostgreSQL: a port nobody listens
 * on refuses the connection for real.
 */
import net from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isConnectionError } from '../../server/core/DatabaseUnavailableError.js';
import { GuardedPostgresPool } from '../../server/db/GuardedPostgresPool.js';
import { errorHandler } from '../../server/http/errorHandler.js';
import { freePort } from '../helpers/freePort.js';

describe('a PostgreSQL nobody answers', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({
      host: '127.0.0.1',
      port: await freePort(),
      user: 'postgres',
      database: 'postgres',
      connectionTimeoutMillis: 2_000,
    });
  });
  afterAll(() => pool.end());

  it("fails to connect with a DatabaseUnavailableError carrying the driver's error", async () => {
    const error: unknown = await new GuardedPostgresPool(pool).connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(((error as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });
});

describe('a PostgreSQL host that accepts and never answers (a cut network, a frozen host)', () => {
  const silent = net.createServer(() => undefined);
  let pool: pg.Pool;
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    pool = new pg.Pool({
      host: '127.0.0.1',
      port: (silent.address() as net.AddressInfo).port,
      user: 'postgres',
      database: 'postgres',
      connectionTimeoutMillis: 300,
    });
  });
  afterAll(async () => {
    await pool.end();
    silent.close();
  });

  it('gives up at the connection timeout instead of waiting for TCP', async () => {
    const error: unknown = await new GuardedPostgresPool(pool).connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(((error as Error).cause as Error).message).toBe('Connection terminated due to connection timeout');
  });
});

describe('what counts as the database being out of reach', () => {
  const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

  it("takes refused, reset and timed-out connections, server shutdowns and pg's own connection messages", () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ETIMEDOUT'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006', 'connection failure'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ]) {
      expect(isConnectionError(error), String((error as { code?: string }).code ?? error.message)).toBe(true);
    }
  });

  it('leaves failing queries on a reachable database alone', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('42P01', 'relation "nope" does not exist'),
      withCode('28P01', 'password authentication failed for user "postgres"'),
      new Error('something else'),
      'ECONNREFUSED',
    ]) {
      expect(isConnectionError(error)).toBe(false);
    }
  });
});

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.get('/database-down', async () => {
    throw new DatabaseUnavailableError(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
  });
  app.get('/wrapped', async () => {
    throw new Error('could not load the agent', {
      cause: new DatabaseUnavailableError(new Error('Connection terminated unexpectedly')),
    });
  });
  app.get('/other-service-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' });
  });
  afterAll(() => app.close());

  it('answers 503 database_unavailable with Retry-After, also when a route wrapped the error', async () => {
    for (const url of ['/database-down', '/wrapped']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        success: false,
        error: 'The database is not reachable. Please try again shortly.',
        code: 'database_unavailable',
      });
    }
  });

  it('keeps a refused connection to another service a 500 that hides its details', async () => {
    const response = await app.inject({ method: 'GET', url: '/other-service-down' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ success: false, code: 'internal_error' });
  });
});

/**
 * Suites that start PostgreSQL clusters of their own (throwawayPostgres.ts): skipped, with the
 * reason in their name, only where the PostgreSQL server binaries are missing.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { throwawayPostgresUnavailable } from './throwawayPostgres.js';

/** How long a suite waits for its cluster to start (initdb and the first connection). */
const START_TIMEOUT_MS = 60_000;

export function describeOnPostgres(name: string, suite: () => void): void {
  const unavailable = throwawayPostgresUnavailable();
  describe.skipIf(unavailable !== null)(`${name}${unavailable ? ` (skipped: ${unavailable})` : ''}`, suite);
}

/**
 * A throwaway cluster or database (`start`) for the tests of the enclosing suite: started before
 * them, destroyed after them. The getter reads it inside a test or a later hook.
 */
export function throwawayForSuite<T extends { destroy: () => Promise<void> }>(start: () => Promise<T>): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await started?.destroy();
  });
  return () => {
    if (!started) throw new Error('the throwaway PostgreSQL of this suite did not start');
    return started;
  };
}

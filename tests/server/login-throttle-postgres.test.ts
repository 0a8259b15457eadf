/**
 * The failed-sign-in throttle kept in PostgreSQL (server/auth/PostgresLoginThrottle.ts), as two
 * instances see it: two throttles on two pools of one database. Guesses sent at once to both are
 * counted before any is evaluated, so no more than the limit get through; a right password takes
 * its attempt back and makes the address known, which lifts the address-wide and account-wide
 * limits for it; the account's backoff holds across addresses. Skipped only without the
 * PostgreSQL server binaries.
 */
import { expect, it } from 'vitest';
import type { AttemptDecision, LoginThrottleLimits } from '../../server/auth/LoginThrottle.js';
import { PostgresLoginThrottle } from '../../server/auth/PostgresLoginThrottle.js';
import { describeOnPostgres, throwawayForSuite } from '../helpers/describeOnPostgres.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../helpers/throwawayDatabase.js';

let database: () => ThrowawayDatabase;

const LIMITS: LoginThrottleLimits = {
  windowMs: 15 * 60_000,
  maxFailuresPerUser: 5,
  maxFailuresPerIp: 50,
  accountWindowMs: 24 * 60 * 60_000,
  accountFreeFailures: 10,
  accountBaseDelayMs: 1000,
  accountMaxDelayMs: 15 * 60_000,
  knownAddressTtlMs: 30 * 24 * 60 * 60_000,
};

let now = 1_800_000_000_000;
const clock = () => now;

/** Two instances' throttles on one database. */
function twoInstances(): [PostgresLoginThrottle, PostgresLoginThrottle] {
  return [
    new PostgresLoginThrottle(database().open(), LIMITS, clock),
    new PostgresLoginThrottle(database().open(), LIMITS, clock),
  ];
}

const allowed = (decisions: AttemptDecision[]) => decisions.filter((d) => d.allowed);

describeOnPostgres('the login throttle in PostgreSQL', () => {
  database = throwawayForSuite(createThrowawayDatabase);

  it('lets 5 of 40 guesses sent at once to two instances through, and tells the rest how long to wait', async () => {
    const [a, b] = twoInstances();
    const decisions = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).reserve('alice', '10.0.0.1')),
    );
    expect(allowed(decisions)).toHaveLength(5);
    const refused = decisions.find((d) => !d.allowed);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
  });

  it("takes back a right password's attempt and knows the address from then on, on the other instance too", async () => {
    const [a, b] = twoInstances();
    for (let i = 0; i < 4; i++) expect((await a.reserve('bob', '10.0.0.2')).allowed).toBe(true);
    const right = await b.reserve('bob', '10.0.0.2');
    if (!right.allowed) throw new Error('the fifth attempt was refused');
    await b.succeeded(right.attempt);
    // The account+address count started again: five more may be tried.
    const next = await Promise.all(Array.from({ length: 6 }, () => a.reserve('bob', '10.0.0.2')));
    expect(allowed(next)).toHaveLength(5);
  });

  it('backs off an account guessed from many addresses, across instances, but not from its known address', async () => {
    const [a, b] = twoInstances();
    const right = await a.reserve('carol', '10.0.1.1');
    if (!right.allowed) throw new Error('the first attempt was refused');
    await a.succeeded(right.attempt);
    for (let i = 0; i < 10; i++)
      expect((await (i % 2 === 0 ? a : b).reserve('carol', `198.51.100.${i}`)).allowed).toBe(true);
    // Past ten free failures every further one waits, twice as long each time, whichever instance and address it comes to.
    expect(await b.reserve('carol', '198.51.100.200')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 1000;
    expect((await b.reserve('carol', '198.51.100.201')).allowed).toBe(true);
    expect(await a.reserve('carol', '198.51.100.202')).toEqual({ allowed: false, retryAfterSeconds: 2 });
    // The owner's own address is known: the account-wide backoff does not lock them out.
    expect((await b.reserve('carol', '10.0.1.1')).allowed).toBe(true);
  });

  it('forgets failures once their window has passed', async () => {
    const [a, b] = twoInstances();
    for (let i = 0; i < 5; i++) expect((await a.reserve('dave', '10.0.0.3')).allowed).toBe(true);
    expect((await b.reserve('dave', '10.0.0.3')).allowed).toBe(false);
    now += LIMITS.windowMs + 1;
    expect((await b.reserve('dave', '10.0.0.3')).allowed).toBe(true);
  });
});

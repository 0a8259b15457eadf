/**
 * The LoginThrottle of instances sharing one PostgreSQL (issue 12): the failure times and known
 * addresses live in `login_failures` and `login_known_addresses` (migration 011), so guesses sent
 * to different instances add up. The rules are MemoryLoginThrottle's (throttlePolicy.ts).
 *
 * `reserve` decides and counts in one transaction holding advisory locks on the account and the
 * address (taken in a fixed order, so two attempts never wait on each other in a cycle): attempts
 * at the same account or from the same address are decided one after another, each seeing the
 * ones before, so no more than the limit are ever evaluated however many arrive together on
 * however many instances. As in memory, the attempt counts as a failure until `succeeded`.
 *
 * Old rows are deleted as keys are used, and all of them now and then (SWEEP_INTERVAL_MS).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Clock } from '../core/types.js';
import type { Database } from '../db/schema.js';
import type { AttemptDecision, LoginThrottle, LoginThrottleLimits, ReservedAttempt } from './LoginThrottle.js';
import { retryAfterSeconds, waitBeforeAttempt } from './throttlePolicy.js';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
type Scope = 'pair' | 'address' | 'account';

function pairKey(account: string, address: string): string {
  return JSON.stringify([account, address]);
}

export class PostgresLoginThrottle implements LoginThrottle {
  #lastSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: LoginThrottleLimits,
    private readonly clock: Clock,
  ) {}

  async reserve(account: string, address: string): Promise<AttemptDecision> {
    const now = this.clock();
    const pair = pairKey(account, address);
    const decision = await this.db.transaction().execute(async (trx) => {
      // Sorted, so two transactions locking the same two keys take them in the same order (unnest
      // yields them in array order).
      const locks = [`account:${account}`, `address:${address}`].sort().map((key) => `switchboard-login:${key}`);
      await sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${locks}::text[]) as k`.execute(trx);
      const found = await this.#history(trx, { pair, address, account }, now);
      const knownAddress = found.known !== null && found.known > now - this.limits.knownAddressTtlMs;
      const wait = waitBeforeAttempt({ ...found, knownAddress }, this.limits, now);
      if (wait > 0) return { allowed: false, retryAfterSeconds: retryAfterSeconds(wait) } as const;
      await trx
        .insertInto('login_failures')
        .values([
          { scope: 'pair', key: pair, at: now },
          { scope: 'address', key: address, at: now },
          { scope: 'account', key: account, at: now },
        ])
        .execute();
      return { allowed: true, attempt: { account, address, at: now } } as const;
    });
    this.#sweepNowAndThen(now);
    return decision;
  }

  async succeeded({ account, address, at }: ReservedAttempt): Promise<void> {
    const pair = pairKey(account, address);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('login_failures').where('scope', '=', 'pair').where('key', '=', pair).execute();
      // One row each: the attempt that turned out right, not other failures at the same millisecond.
      for (const [scope, key] of [
        ['address', address],
        ['account', account],
      ] as const) {
        await sql`delete from login_failures where ctid = (select ctid from login_failures where scope = ${scope} and key = ${key} and at = ${at} limit 1)`.execute(
          trx,
        );
      }
      await trx
        .insertInto('login_known_addresses')
        .values({ pair, at: this.clock() })
        .onConflict((oc) => oc.column('pair').doUpdateSet({ at: this.clock() }))
        .execute();
    });
  }

  /**
   * The failure times of the three keys within their windows, oldest first, and when the address
   * was last known to the account; older failures of these keys are deleted on the way. Two
   * statements, whatever the counts: the lock is held for as few round trips as possible.
   */
  async #history(
    trx: Transaction<Database>,
    keys: Record<Scope, string>,
    now: number,
  ): Promise<Record<Scope, number[]> & { known: number | null }> {
    const since: Record<Scope, number> = {
      pair: now - this.limits.windowMs,
      address: now - this.limits.windowMs,
      account: now - this.limits.accountWindowMs,
    };
    await trx
      .deleteFrom('login_failures')
      .where((eb) =>
        eb.or(
          (['pair', 'address', 'account'] as const).map((scope) =>
            eb.and([eb('scope', '=', scope), eb('key', '=', keys[scope]), eb('at', '<=', since[scope])]),
          ),
        ),
      )
      .execute();
    const { rows } = await sql<{ scope: string; at: number }>`
      select scope, at from login_failures
        where (scope = 'pair' and key = ${keys.pair}) or (scope = 'address' and key = ${keys.address}) or (scope = 'account' and key = ${keys.account})
      union all
      select 'known' as scope, at from login_known_addresses where pair = ${keys.pair}
      order by at`.execute(trx);
    const history: Record<Scope, number[]> & { known: number | null } = {
      pair: [],
      address: [],
      account: [],
      known: null,
    };
    for (const row of rows) {
      const at = Number(row.at);
      if (row.scope === 'known') history.known = at;
      else if (row.scope === 'pair' || row.scope === 'address' || row.scope === 'account') history[row.scope].push(at);
    }
    return history;
  }

  /** Keys that are never tried again would keep their rows: every while, everything old goes. */
  #sweepNowAndThen(now: number): void {
    if (now - this.#lastSweep < SWEEP_INTERVAL_MS) return;
    this.#lastSweep = now;
    const keep = Math.max(this.limits.windowMs, this.limits.accountWindowMs);
    void Promise.all([
      this.db
        .deleteFrom('login_failures')
        .where('at', '<=', now - keep)
        .execute(),
      this.db
        .deleteFrom('login_known_addresses')
        .where('at', '<=', now - this.limits.knownAddressTtlMs)
        .execute(),
    ]).catch(() => {
      // The next sweep tries again; the rows are only kept a little longer.
      this.#lastSweep = 0;
    });
  }
}

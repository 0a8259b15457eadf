/**
 * Claiming analysis jobs (migration 018) for the runner (analysis/AnalysisRunner.ts): a claim is a
 * compare-and-set on the row (UPDATE … WHERE status/lease still as seen), so two instances never
 * run one job, and each owner's running count is checked under the owner's lock (db/ownerLock.ts),
 * so "at most N per user" holds across instances on PostgreSQL as on SQLite. Only the claim's
 * holder stores its outcome.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AnalysisJobRow } from './analysisJobs.js';
import { type Claimed, claimEach } from './claimEach.js';
import { withOwnerLock } from './ownerLock.js';
import type { Database } from './schema.js';

export interface ClaimOptions {
  now: number;
  /** At most this many jobs in this claim. */
  limit: number;
  /** At most this many running jobs per owner, counted over every instance. */
  perUser: number;
  leaseMs: number;
}

export type ClaimedJob = Claimed<AnalysisJobRow>;

/** Due: pending and past its backoff, or running past its lease (its instance died). */
function isDue(now: number) {
  return (eb: ExpressionBuilder<Database, 'analysis_jobs'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('run_after', '<=', now)]),
      eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
    ]);
}

/**
 * Claims up to `limit` due jobs, never more than `perUser` of one owner running. Owners take
 * turns by their oldest due job, so one owner's backlog never holds up the others' jobs.
 */
export async function claimDueJobs(db: Kysely<Database>, options: ClaimOptions): Promise<ClaimedJob[]> {
  const { now, limit } = options;
  if (limit <= 0) return [];
  const owners = await db
    .selectFrom('analysis_jobs')
    .select('user_id')
    .select((eb) => eb.fn.min('run_after').as('first'))
    .where(isDue(now))
    .groupBy('user_id')
    .orderBy('first')
    .limit(limit * 4)
    .execute();
  const claimed: ClaimedJob[] = [];
  for (const { user_id: userId } of owners) {
    const wanted = limit - claimed.length;
    if (wanted <= 0) break;
    claimed.push(...(await withOwnerLock(db, userId, (trx) => claimOwnJobs(trx, userId, wanted, options))));
  }
  return claimed;
}

/** In the owner's lock: as many of the owner's due jobs as their free slots and `wanted` allow. */
async function claimOwnJobs(
  trx: Kysely<Database>,
  userId: string,
  wanted: number,
  { now, perUser, leaseMs }: ClaimOptions,
): Promise<ClaimedJob[]> {
  const running = await trx
    .selectFrom('analysis_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'running')
    .where('lease_until', '>=', now)
    .executeTakeFirstOrThrow();
  const free = Math.min(wanted, perUser - Number(running.n));
  if (free <= 0) return [];
  const due = await trx
    .selectFrom('analysis_jobs')
    .select('id')
    .where('user_id', '=', userId)
    .where(isDue(now))
    .orderBy('run_after')
    .limit(free)
    .execute();
  // Still due as seen: another instance may have claimed it between the select and here.
  return claimEach(
    due.map((row) => row.id),
    (id, token) =>
      trx
        .updateTable('analysis_jobs')
        .set((eb) => ({
          status: 'running',
          lease_until: now + leaseMs,
          claim_token: token,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where(isDue(now))
        .returningAll()
        .executeTakeFirst(),
  );
}

export interface AnalysisResults {
  summary: string | null;
  success: AnalysisJobRow['success'];
  success_reason: string | null;
  data: string | null;
  model: string;
}

/** Stores a claimed job's results; false when the claim was lost (its lease passed and another took it). */
export async function finishJob(
  db: Kysely<Database>,
  claim: ClaimedJob,
  results: AnalysisResults,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('analysis_jobs')
    .set({
      ...results,
      status: 'done',
      error: null,
      lease_until: null,
      claim_token: null,
      updated_at: now,
      finished_at: now,
    })
    .where('id', '=', claim.row.id)
    .where('claim_token', '=', claim.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A claimed job's failure: retried after `retryAt`, or failed for good when that is null. */
export async function failJob(
  db: Kysely<Database>,
  claim: ClaimedJob,
  error: string,
  retryAt: number | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('analysis_jobs')
    .set(
      retryAt === null
        ? { status: 'failed', error, lease_until: null, claim_token: null, updated_at: now, finished_at: now }
        : { status: 'pending', error, run_after: retryAt, lease_until: null, claim_token: null, updated_at: now },
    )
    .where('id', '=', claim.row.id)
    .where('claim_token', '=', claim.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Hands a claimed job back untried (the instance is stopping): due again now, the attempt not counted. */
export async function releaseJob(db: Kysely<Database>, claim: ClaimedJob, now: number): Promise<void> {
  await db
    .updateTable('analysis_jobs')
    .set((eb) => ({
      status: 'pending',
      run_after: now,
      lease_until: null,
      claim_token: null,
      attempts: eb('attempts', '-', 1),
      updated_at: now,
    }))
    .where('id', '=', claim.row.id)
    .where('claim_token', '=', claim.token)
    .execute();
}

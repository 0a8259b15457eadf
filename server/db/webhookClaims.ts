/**
 * Claiming webhook deliveries (migration 023) for the dispatcher (webhooks/WebhookDispatcher.ts),
 * as analysisClaims.ts claims analysis jobs: a claim is a compare-and-set on the row (UPDATE …
 * WHERE still due), so two instances never send one delivery at once, and only the claim's holder
 * stores its outcome. No per-owner limit: a try is one bounded HTTP request.
 */
import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { type Claimed, claimEach } from './claimEach.js';
import type { Database } from './schema.js';
import type { WebhookDeliveryRecord } from './webhookDeliveries.js';

export type ClaimedDelivery = Claimed<WebhookDeliveryRecord>;

/** Due: pending and past its next try, or sending past its lease (its instance died). */
function isDue(now: number) {
  return (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
      eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
    ]);
}

/** Claims up to `limit` due deliveries, the longest due first. */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  { now, limit, leaseMs }: { now: number; limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const due = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where(isDue(now))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  // Still due as seen: another instance may have claimed it between the select and here.
  return claimEach(
    due.map((row) => row.id),
    (id, token) =>
      db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: 'sending',
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

export interface TryOutcome {
  attemptedAt: number;
  durationMs: number;
  status: number | null;
  error: string | null;
  response: string | null;
  /** delivered, failed for good, or pending again at `retryAt`. */
  next: { status: 'delivered' } | { status: 'failed' } | { status: 'pending'; retryAt: number };
}

/** Stores a claimed try and its consequence; false when the claim was lost (its lease passed and another took it). */
export async function finishTry(
  db: Kysely<Database>,
  claim: ClaimedDelivery,
  outcome: TryOutcome,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { next } = outcome;
    const result = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: next.status,
        next_attempt_at: next.status === 'pending' ? next.retryAt : claim.row.next_attempt_at,
        lease_until: null,
        claim_token: null,
        last_status: outcome.status,
        last_error: outcome.error,
        last_response: outcome.response,
        updated_at: now,
        finished_at: next.status === 'pending' ? null : now,
      })
      .where('id', '=', claim.row.id)
      .where('claim_token', '=', claim.token)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('webhook_attempts')
      .values({
        id: randomUUID(),
        delivery_id: claim.row.id,
        attempted_at: outcome.attemptedAt,
        duration_ms: outcome.durationMs,
        status: outcome.status,
        error: outcome.error,
        response: outcome.response,
      })
      .execute();
    return true;
  });
}

/** Hands a claimed delivery back untried (the instance is stopping): due again now, the try not counted. */
export async function releaseDelivery(db: Kysely<Database>, claim: ClaimedDelivery, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: 'pending',
      next_attempt_at: now,
      lease_until: null,
      claim_token: null,
      attempts: eb('attempts', '-', 1),
      updated_at: now,
    }))
    .where('id', '=', claim.row.id)
    .where('claim_token', '=', claim.token)
    .execute();
}

/**
 * Calls past their agent's Keep history (migration 013, issue 18): when a call ends it gets
 * `expires_at` = its end + the agent's days (null: forever), and the chat sweep deletes it with
 * its messages (their foreign key cascades) and so their search entries (migration 012's
 * triggers). A change of an agent's setting re-expires its ended calls.
 *
 * Ended pages seek by `ended_seq` and count by its range (db/sessions.ts), so an owner's numbers
 * must stay contiguous: deleting calls renumbers the owner's other ended calls on one side of the
 * gap, keeping their order. The cheaper side is taken: with one period per owner the oldest calls
 * go first and nothing moves (the range's bottom rises); a short-kept agent's calls between a
 * forever-kept agent's move only the newer calls, those of the short period.
 */
import { type Kysely, sql } from 'kysely';
import { countOf } from './countOf.js';
import { withOwnerLock } from './ownerLock.js';
import type { Database } from './schema.js';

const DAY_MS = 86_400_000;
/** Calls per delete transaction: each takes its messages and their search entries with it. */
const BATCH = 50;
/** Counting one side of a gap stops here: past it, both sides are "many". */
const COUNT_CAP = 100_000;

/** When a call that ended at `endTime` expires with `keepHistoryDays` (null: never). */
export function callExpiresAt(endTime: number, keepHistoryDays: number | null): number | null {
  return keepHistoryDays === null ? null : endTime + keepHistoryDays * DAY_MS;
}

/** SQL for the expiry of the call being updated, ending at `endTime`, by its agent's setting now (no agent: forever). */
export function callExpiryByAgent(endTime: number) {
  return sql<number | null>`${endTime} + (select cast(agents.keep_history_days as bigint) * ${DAY_MS} from agents
    where agents.id = call_sessions.agent_id and agents.user_id = call_sessions.user_id)`;
}

/** An agent's Keep history changed: its ended calls expire by the new setting, counted from their end. */
export async function reexpireAgentCalls(
  db: Kysely<Database>,
  userId: string,
  agentId: string,
  keepHistoryDays: number | null,
): Promise<void> {
  await db
    .updateTable('call_sessions')
    .set((eb) => ({ expires_at: keepHistoryDays === null ? null : eb('end_time', '+', keepHistoryDays * DAY_MS) }))
    .where('user_id', '=', userId)
    .where('agent_id', '=', agentId)
    .where('end_time', 'is not', null)
    .execute();
}

/** Deletes the calls expired before `now`, a batch at a time; how many. Idempotent across instances. */
export async function deleteExpiredCalls(db: Kysely<Database>, now: number): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db
      .selectFrom('call_sessions')
      .select(['stream_sid', 'user_id'])
      .where('expires_at', '<', now)
      .orderBy('expires_at')
      .limit(BATCH)
      .execute();
    const byOwner = new Map<string, string[]>();
    for (const row of expired) byOwner.set(row.user_id, [...(byOwner.get(row.user_id) ?? []), row.stream_sid]);
    for (const [userId, streamSids] of byOwner) total += await deleteOwnerCalls(db, userId, streamSids, now);
    if (expired.length < BATCH) return total;
    // Lets requests waiting on the event loop in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Deletes these expired calls of one owner and closes the gaps they leave in `ended_seq`, in one transaction. */
async function deleteOwnerCalls(
  db: Kysely<Database>,
  userId: string,
  streamSids: string[],
  now: number,
): Promise<number> {
  // Serialises with ending a call (db/sessions.ts endSessionRecord takes the same lock) on PostgreSQL.
  return withOwnerLock(db, userId, async (trx) => {
    const gone = await trx
      .deleteFrom('call_sessions')
      .where('user_id', '=', userId)
      .where('stream_sid', 'in', streamSids)
      .where('expires_at', '<', now)
      .returning('ended_seq')
      .execute();
    const seqs = gone.map((row) => Number(row.ended_seq)).filter((seq) => seq > 0);
    if (seqs.length > 0) await closeGaps(trx, userId, Math.min(...seqs), Math.max(...seqs));
    return gone.length;
  });
}

/**
 * Renumbers the owner's ended calls so their `ended_seq` is contiguous again after deletes between
 * `lowest` and `highest` (the smallest and largest deleted): those above `lowest` move down, or
 * those below `highest` move up, whichever are fewer. Negated first, then flipped, so no
 * intermediate value collides in the (user_id, ended_seq) unique index.
 */
async function closeGaps(trx: Kysely<Database>, userId: string, lowest: number, highest: number): Promise<void> {
  const above = await countCapped(trx, userId, '>', lowest);
  const below = await countCapped(trx, userId, '<', highest);
  // Only the newest or only the oldest went: the range has no gap.
  if (above === 0 || below === 0) return;
  const renumbered =
    above <= below
      ? sql`select stream_sid, ${lowest - 1} + row_number() over (order by ended_seq) as n
            from call_sessions where user_id = ${userId} and ended_seq > ${lowest}`
      : sql`select stream_sid, ${highest + 1} - row_number() over (order by ended_seq desc) as n
            from call_sessions where user_id = ${userId} and ended_seq < ${highest}`;
  await sql`update call_sessions set ended_seq = -renumbered.n from (${renumbered}) as renumbered
            where call_sessions.stream_sid = renumbered.stream_sid`.execute(trx);
  await sql`update call_sessions set ended_seq = -ended_seq where user_id = ${userId} and ended_seq < 0`.execute(trx);
}

/** How many of the owner's ended calls have `ended_seq` `op` `seq`, counted up to COUNT_CAP. */
async function countCapped(trx: Kysely<Database>, userId: string, op: '<' | '>', seq: number): Promise<number> {
  const side = trx
    .selectFrom('call_sessions')
    .select('stream_sid')
    .where('user_id', '=', userId)
    .where('ended_seq', op, seq)
    .limit(COUNT_CAP)
    .as('side');
  return countOf(trx.selectFrom(side));
}

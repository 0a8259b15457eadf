/**
 * Take-over of a live call (issue 23, migration 030): one operator at a time holds a call. The
 * claim is one conditional UPDATE, so two operators pressing Take over at once on two instances
 * cannot both win; the loser learns who holds the call.
 */
import type { Kysely } from 'kysely';
import type { CallOperator } from '../../shared/types/session.js';
import type { Database } from './schema.js';

export type ClaimResult = { claimed: true } | { claimed: false; holder: CallOperator | null };

/** Makes `operator` the holder of the owner's open call, unless someone else holds it. */
export async function claimCall(
  db: Kysely<Database>,
  call: { userId: string; streamSid: string },
  operator: CallOperator,
): Promise<ClaimResult> {
  const updated = await db
    .updateTable('call_sessions')
    .set({ operator_id: operator.id, operator_name: operator.name })
    .where('stream_sid', '=', call.streamSid)
    .where('user_id', '=', call.userId)
    .where('end_time', 'is', null)
    .where((eb) => eb.or([eb('operator_id', 'is', null), eb('operator_id', '=', operator.id)]))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return { claimed: true };
  return { claimed: false, holder: await callHolder(db, call) };
}

/** Gives the call back to its agent; false when `operatorId` does not hold it. */
export async function releaseCall(
  db: Kysely<Database>,
  call: { userId: string; streamSid: string },
  operatorId: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('call_sessions')
    .set({ operator_id: null, operator_name: null })
    .where('stream_sid', '=', call.streamSid)
    .where('user_id', '=', call.userId)
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function callHolder(
  db: Kysely<Database>,
  call: { userId: string; streamSid: string },
): Promise<CallOperator | null> {
  const row = await db
    .selectFrom('call_sessions')
    .select(['operator_id', 'operator_name'])
    .where('stream_sid', '=', call.streamSid)
    .where('user_id', '=', call.userId)
    .executeTakeFirst();
  return row?.operator_id ? { id: row.operator_id, name: row.operator_name ?? '' } : null;
}

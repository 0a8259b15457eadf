/**
 * How a call was handed on (issue 23, migration 029): the transfer a call's session keeps
 * (destination, number, reason, by whom) and the dial's result Twilio reports afterwards.
 */
import type { Kysely } from 'kysely';
import { isPlainObject } from '../../shared/isPlainObject.js';
import type { CallTransfer } from '../../shared/types/builtinFunctions.js';
import type { CallSessionsTable, Database } from './schema.js';

export type StoredTransfer = Omit<CallTransfer, 'dialStatus'>;

/** The session's transfer as the wire shows it; null when the call was not transferred (or the JSON is not ours). */
export function callTransferOf(row: Pick<CallSessionsTable, 'transfer' | 'dial_status'>): CallTransfer | null {
  if (!row.transfer) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.transfer);
  } catch {
    return null;
  }
  if (!isPlainObject(parsed)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    destination: text(parsed.destination),
    phoneNumber: text(parsed.phoneNumber),
    reason: text(parsed.reason),
    by: parsed.by === 'operator' ? 'operator' : 'agent',
    dialStatus: row.dial_status,
  };
}

/** Stores the transfer on the open session; false when the session is not open (the call ended meanwhile). */
export async function recordTransfer(
  db: Kysely<Database>,
  session: { streamSid: string; userId: string },
  transfer: StoredTransfer,
): Promise<boolean> {
  const result = await db
    .updateTable('call_sessions')
    .set({ transfer: JSON.stringify(transfer), dial_status: null })
    .where('stream_sid', '=', session.streamSid)
    .where('user_id', '=', session.userId)
    .where('ended_seq', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets a transfer Twilio refused, so the session does not claim one. */
export async function clearTransfer(db: Kysely<Database>, session: { streamSid: string; userId: string }) {
  await db
    .updateTable('call_sessions')
    .set({ transfer: null })
    .where('stream_sid', '=', session.streamSid)
    .where('user_id', '=', session.userId)
    .execute();
}

/** The transferred session `streamSid` of Twilio's call `callSid` (any owner: the dial callback is Twilio's). */
export async function findTransferredSession(db: Kysely<Database>, streamSid: string, callSid: string) {
  return db
    .selectFrom('call_sessions')
    .select(['stream_sid', 'user_id'])
    .where('stream_sid', '=', streamSid)
    .where('call_sid', '=', callSid)
    .where('transfer', 'is not', null)
    .executeTakeFirst();
}

export async function recordDialStatus(db: Kysely<Database>, streamSid: string, status: string): Promise<void> {
  await db.updateTable('call_sessions').set({ dial_status: status }).where('stream_sid', '=', streamSid).execute();
}

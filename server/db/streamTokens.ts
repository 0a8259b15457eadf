/**
 * One-time Media Stream tokens (issue 10): minted into the TwiML of a call, bound to the call
 * SID and agent, short-lived, and consumed atomically on the stream's `start`, so a stream opens
 * at most once per token even with several server instances. Only the token's hash is stored.
 */
import type { Kysely } from 'kysely';
import type { Database, StreamTokensTable } from './schema.js';

export type StreamTokenRecord = StreamTokensTable;

export async function insertStreamToken(db: Kysely<Database>, token: Omit<StreamTokenRecord, 'used_at'>, now: number): Promise<void> {
  // Expired tokens go as new ones come, so the table stays the size of the calls in flight.
  await db.deleteFrom('stream_tokens').where('expires_at', '<', now).execute();
  await db.insertInto('stream_tokens').values({ ...token, used_at: null }).execute();
}

/** Binds an outbound call's token to the SID Twilio gave the call. */
export async function bindStreamToken(db: Kysely<Database>, tokenHash: string, callSid: string): Promise<void> {
  await db.updateTable('stream_tokens').set({ call_sid: callSid }).where('token_hash', '=', tokenHash).where('call_sid', 'is', null).execute();
}

export async function deleteStreamToken(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('stream_tokens').where('token_hash', '=', tokenHash).execute();
}

/** The token's record while it is unused and unexpired (nothing is changed). */
export async function findUsableStreamToken(db: Kysely<Database>, tokenHash: string, now: number): Promise<StreamTokenRecord | undefined> {
  return db
    .selectFrom('stream_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Marks the token used if it is unused, unexpired and bound to `callSid`, and returns it; else
 * undefined. The conditional update is the single-use guarantee.
 */
export async function consumeStreamToken(
  db: Kysely<Database>,
  tokenHash: string,
  callSid: string,
  now: number,
): Promise<StreamTokenRecord | undefined> {
  const result = await db
    .updateTable('stream_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('call_sid', '=', callSid)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('stream_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * One-time Media Stream tokens (issue 10): minted into the TwiML of a call, bound to the call
 * SID and agent, short-lived, and consumed atomically on the stream's `start`, so a stream opens
 * at most once per token even with several server instances. Only the token's hash is stored.
 * A call has at most one token (migration 014), and its row outlives the token's use and expiry
 * by STREAM_TOKEN_RETENTION_MS: that row is what refuses a replayed webhook (issue 18).
 */
import type { Kysely } from 'kysely';
import type { Database, StreamTokensTable } from './schema.js';

export type StreamTokenRecord = StreamTokensTable;

/**
 * How long a call's token row is kept after it expired. Twilio's webhook signature carries no
 * time, so this memory is all that refuses a captured webhook replayed later; a month of rows is
 * small beside the sessions and transcripts kept for the same calls.
 */
export const STREAM_TOKEN_RETENTION_MS = 30 * 24 * 3600_000;

/** Rows go as new ones come, once past retention, so the table stays a month of calls. */
async function pruneStreamTokens(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('stream_tokens')
    .where('expires_at', '<', now - STREAM_TOKEN_RETENTION_MS)
    .execute();
}

export async function insertStreamToken(
  db: Kysely<Database>,
  token: Omit<StreamTokenRecord, 'used_at'>,
  now: number,
): Promise<void> {
  await pruneStreamTokens(db, now);
  await db
    .insertInto('stream_tokens')
    .values({ ...token, used_at: null })
    .execute();
}

/**
 * The token row of `token.call_sid`: the one given, unless the call already had one (a retried
 * or replayed webhook), which is then returned unchanged. Concurrent claims get the same row.
 */
export async function claimCallStreamToken(
  db: Kysely<Database>,
  token: Omit<StreamTokenRecord, 'used_at'> & { call_sid: string },
  now: number,
): Promise<StreamTokenRecord | undefined> {
  await pruneStreamTokens(db, now);
  await db
    .insertInto('stream_tokens')
    .values({ ...token, used_at: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return db.selectFrom('stream_tokens').selectAll().where('call_sid', '=', token.call_sid).executeTakeFirst();
}

/** Binds an outbound call's token to the SID Twilio gave the call. */
export async function bindStreamToken(db: Kysely<Database>, tokenHash: string, callSid: string): Promise<void> {
  await db
    .updateTable('stream_tokens')
    .set({ call_sid: callSid })
    .where('token_hash', '=', tokenHash)
    .where('call_sid', 'is', null)
    .execute();
}

export async function deleteStreamToken(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('stream_tokens').where('token_hash', '=', tokenHash).execute();
}

/** The token's record while it is unused and unexpired (nothing is changed). */
export async function findUsableStreamToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
): Promise<StreamTokenRecord | undefined> {
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

/**
 * "Keep history" apart from a bot's memory (issue 18).
 *
 * A bot's short-term retention is its memory: which earlier messages the model and a reloading
 * visitor see. How long calls and chats stay in the history (Sessions, Conversations, search,
 * exports) is a separate setting of each agent and bot, `keep_history_days`: NULL forever, 0 not
 * kept once the call or conversation ends, else that many days (server/db/chatExpiry.ts,
 * server/db/callSweep.ts).
 *
 * Today's data stays: existing agents and bots get NULL (forever), and every chat row kept so far
 * is kept forever too (expires_at = KEPT_FOREVER, the largest safe integer, since the column is
 * NOT NULL), where the retention would have deleted it before. Calls were always kept; their new
 * `expires_at` is NULL (forever, or not ended yet) and is set when a call ends. The sweep finds
 * expired calls by (expires_at).
 *
 * Deleting calls leaves holes in an owner's `ended_seq` (migration 006), which the sweep closes
 * by renumbering (db/callSweep.ts), so ended pages stay index seeks.
 */
import type { Kysely } from 'kysely';

/** chatExpiry.ts KEPT_FOREVER, as it was when this migration was written. */
const KEPT_FOREVER = Number.MAX_SAFE_INTEGER;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('agents').addColumn('keep_history_days', 'integer').execute();
  await db.schema.alterTable('webchats').addColumn('keep_history_days', 'integer').execute();
  await db.schema.alterTable('call_sessions').addColumn('expires_at', 'bigint').execute();
  await db.schema.createIndex('call_sessions_expires_idx').on('call_sessions').column('expires_at').execute();
  // Only expires_at changes: migration 012's triggers watch the texts, so the search copy stays.
  const kysely = db as Kysely<{ chat_conversations: { expires_at: number }; chat_messages: { expires_at: number } }>;
  await kysely.updateTable('chat_conversations').set({ expires_at: KEPT_FOREVER }).execute();
  await kysely.updateTable('chat_messages').set({ expires_at: KEPT_FOREVER }).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('call_sessions_expires_idx').execute();
  await db.schema.alterTable('call_sessions').dropColumn('expires_at').execute();
  await db.schema.alterTable('webchats').dropColumn('keep_history_days').execute();
  await db.schema.alterTable('agents').dropColumn('keep_history_days').execute();
}

/**
 * Deleting what a bot no longer keeps (migration 009's stored expiry times, db/chatExpiry.ts). Every
 * statement is idempotent and touches only rows already past their time, so several server
 * instances may sweep the same database at once. Deletes go in batches so that, on SQLite, a
 * large backlog never holds the event loop for long.
 */
import type { Kysely } from 'kysely';
import { type ChatExpiry, type ChatKeeping, KEPT_FOREVER } from './chatExpiry.js';
import type { Database } from './schema.js';
import { inTransaction } from './transaction.js';

const BATCH = 500;

/** Deletes messages expired before `now`, clearing the first question of conversations whose first message goes. */
export async function deleteExpiredMessages(db: Kysely<Database>, now: number): Promise<number> {
  // A conversation's first kept message has seq 1 (last_seq starts at 0, the question is written first).
  await db
    .updateTable('chat_conversations')
    .set({ first_question: '' })
    .where('first_question', '<>', '')
    .where('id', 'in', (eb) =>
      eb.selectFrom('chat_messages').select('conversation_id').where('expires_at', '<', now).where('seq', '=', 1),
    )
    .execute();
  return deleteExpired(db, 'chat_messages', now);
}

/** Deletes conversations (and whatever messages they still have) expired before `now`. */
export async function deleteExpiredConversations(db: Kysely<Database>, now: number): Promise<number> {
  return deleteExpired(db, 'chat_conversations', now);
}

/** Deletes the table's rows expired before `now`, BATCH at a time. */
async function deleteExpired(
  db: Kysely<Database>,
  table: 'chat_messages' | 'chat_conversations',
  now: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom(table)
      .where('id', 'in', (eb) => eb.selectFrom(table).select('id').where('expires_at', '<', now).limit(BATCH))
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < BATCH) return total;
    // Lets requests waiting on the event loop in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * A bot's memory or Keep history changed: its messages and conversations expire by the new
 * settings from now on, counted from when each was written (in the caller's transaction, if
 * given one). Switching to forever keeps everything still there.
 */
export async function reexpireWebchatChats(
  db: Kysely<Database>,
  webchatId: string,
  keeping: ChatKeeping,
  expiry: ChatExpiry,
): Promise<void> {
  // Both are KEPT_FOREVER, or both a shift from the row's own time (ChatExpiry counts from `at`).
  const forever = keeping.historyDays === null;
  const messageShift = expiry.messageExpiresAt(0, keeping);
  const conversationShift = expiry.conversationExpiresAt(0, keeping);
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('chat_messages')
      .set((eb) => ({ expires_at: forever ? KEPT_FOREVER : eb('created_at', '+', messageShift) }))
      .where('conversation_id', 'in', (eb) =>
        eb.selectFrom('chat_conversations').select('id').where('webchat_id', '=', webchatId),
      )
      .execute();
    await trx
      .updateTable('chat_conversations')
      .set((eb) => ({ expires_at: forever ? KEPT_FOREVER : eb('last_message_at', '+', conversationShift) }))
      .where('webchat_id', '=', webchatId)
      .execute();
  });
}

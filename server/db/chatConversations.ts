/**
 * Chat conversation rows (migration 009): found only together with their bot's id, so a
 * conversation id of one bot never opens another bot's conversation; and the active counts the
 * bot cards show, which are visitors' only (an owner's test chats, migration 015, are left out).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { CHAT_LIMITS } from '../../shared/types/chat.js';
import type { ChatConversationsTable, Database } from './schema.js';

export type ConversationRecord = Selectable<ChatConversationsTable>;

/** The first moment that still counts as active at `now`: a visitor message within the active window. */
export function activeSince(now: number): number {
  return now - CHAT_LIMITS.activeWindowMs;
}

/**
 * 192 random bits as 32 base64url characters (CONVERSATION_ID_PATTERN asks for at least 128), never
 * with a '-' first: the history export would have to mark such a cell as text for spreadsheets
 * (a leading '-' starts a formula), and the id in the file would no longer match the conversation.
 */
export function newConversationId(): string {
  for (;;) {
    const id = randomBytes(24).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** The conversation `id` of the bot `webchatId`; undefined for an unknown id or another bot's. */
export async function findConversation(
  db: Kysely<Database>,
  webchatId: string,
  id: string,
): Promise<ConversationRecord | undefined> {
  return db
    .selectFrom('chat_conversations')
    .selectAll()
    .where('id', '=', id)
    .where('webchat_id', '=', webchatId)
    .executeTakeFirst();
}

/** A new conversation whose first visitor (or test) message arrived at `at`. */
export async function insertConversation(
  db: Kysely<Database>,
  row: Pick<ConversationRecord, 'id' | 'user_id' | 'webchat_id' | 'expires_at'> & { at: number; test?: boolean },
): Promise<void> {
  const { at, test, ...rest } = row;
  await db
    .insertInto('chat_conversations')
    .values({
      ...rest,
      started_at: at,
      last_message_at: at,
      message_count: 0,
      first_question: '',
      last_seq: 0,
      // Left to the column's default otherwise (0): seeders of databases from before migration 015 use this too.
      ...(test ? { test: 1 } : {}),
    })
    .execute();
}

/** A visitor message arrived at `at`: the conversation is active from now on. */
export async function touchConversation(
  db: Kysely<Database>,
  id: string,
  at: number,
  expiresAt: number,
): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set({ last_message_at: at, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

/** Active conversations (activity at or after `since`) of each of these bots; bots without any are left out. */
export async function activeConversationCounts(
  db: Kysely<Database>,
  webchatIds: readonly string[],
  since: number,
): Promise<Map<string, number>> {
  if (webchatIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_conversations')
    .select((eb) => ['webchat_id', eb.fn.countAll<number | string>().as('count')])
    .where('webchat_id', 'in', [...webchatIds])
    .where('last_message_at', '>=', since)
    .where('test', '=', 0)
    .groupBy('webchat_id')
    .execute();
  return new Map(rows.map((row) => [row.webchat_id, Number(row.count)]));
}

/** Bots (with their owners) that have a visitor's conversation whose last activity was in [from, to). */
export async function webchatsActiveBetween(
  db: Kysely<Database>,
  from: number,
  to: number,
): Promise<Array<{ webchatId: string; userId: string }>> {
  if (to <= from) return [];
  const rows = await db
    .selectFrom('chat_conversations')
    .select(['webchat_id', 'user_id'])
    .distinct()
    .where('last_message_at', '>=', from)
    .where('last_message_at', '<', to)
    .where('test', '=', 0)
    .execute();
  return rows.map((row) => ({ webchatId: row.webchat_id, userId: row.user_id }));
}

/**
 * A bot's conversations for its Conversations tab (issue 11): the owner's, newest first by start,
 * without those whose first turn failed (no message was ever exchanged), and one conversation
 * with its kept messages. Indexes: (webchat_id, started_at) from migration 009.
 */
import type { Kysely } from 'kysely';
import type { ConversationMessage, ConversationSummary } from '../../shared/types/history.js';
import { activeSince, type ConversationRecord, findConversation } from './chatConversations.js';
import { countOf } from './countOf.js';
import type { ChatMessagesTable, Database } from './schema.js';
import { readSources } from './storedSources.js';

export function toConversationSummary(row: ConversationRecord, now: number): ConversationSummary {
  return {
    id: row.id,
    webchatId: row.webchat_id,
    startedAt: Number(row.started_at),
    lastMessageAt: Number(row.last_message_at),
    messageCount: Number(row.message_count),
    firstQuestion: row.first_question,
    active: Number(row.last_message_at) >= activeSince(now),
    test: Number(row.test) === 1,
    operatorId: row.operator_id ?? null,
    operatorName: row.operator_name ?? null,
    waitingSince: row.waiting_since === null || row.waiting_since === undefined ? null : Number(row.waiting_since),
  };
}

/** Without its figures, which the price table prices (pricing/chatFigures.ts). */
export function toConversationMessage(row: ChatMessagesTable): Omit<ConversationMessage, 'figures'> {
  const sources = readSources(row.sources);
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    createdAt: Number(row.created_at),
    operatorName: row.operator_name ?? null,
    tool:
      row.role === 'tool'
        ? {
            name: row.tool_name ?? '',
            arguments: row.tool_args ?? '',
            output: row.tool_output ?? '',
            isError: row.is_error === 1,
          }
        : null,
    ...(row.rating === 'up' || row.rating === 'down'
      ? { feedback: { rating: row.rating, comment: row.rating_comment, ratedAt: Number(row.rated_at) } }
      : {}),
    ...(sources.length > 0 ? { sources } : {}),
  };
}

const listed = (db: Kysely<Database>, userId: string, webchatId: string) =>
  db
    .selectFrom('chat_conversations')
    .where('webchat_id', '=', webchatId)
    .where('user_id', '=', userId)
    .where('message_count', '>', 0);

export async function listWebchatConversations(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
  page: { limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<{ rows: ConversationRecord[]; total: number }> {
  const rows = await listed(db, userId, webchatId)
    .selectAll()
    .orderBy('started_at', page.order)
    .orderBy('id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: await countOf(listed(db, userId, webchatId)) };
}

/** The owner's conversation `id` of bot `webchatId`; undefined for anyone else's or none. */
export async function findOwnedConversation(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
  id: string,
): Promise<ConversationRecord | undefined> {
  const conversation = await findConversation(db, webchatId, id);
  return conversation?.user_id === userId ? conversation : undefined;
}

/** These conversations' kept messages, tool calls included, each's in the order they were written. */
export async function conversationMessages(
  db: Kysely<Database>,
  conversationIds: readonly string[],
): Promise<ChatMessagesTable[]> {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', 'in', [...conversationIds])
    .orderBy('conversation_id')
    .orderBy('seq')
    .execute();
}

/**
 * A bot's conversations in the history (issue 11) as use cases the routes call: the bot is the
 * user's own or 404 'Web chat not found', a conversation of it or 404 'Conversation not found';
 * the answers carry the bot's memory and Keep history so the console can say how long they stay.
 * Also what the exports of the ended calls and of a bot need besides their batches: a count and a name.
 */
import type { Kysely } from 'kysely';
import type { ConversationDetail, ConversationsPage } from '../../shared/types/history.js';
import { notFound } from '../core/AppError.js';
import { conversationFeedback } from '../db/answerFeedback.js';
import {
  conversationMessages,
  findOwnedConversation,
  listWebchatConversations,
  toConversationMessage,
  toConversationSummary,
} from '../db/historyConversations.js';
import type { Database } from '../db/schema.js';
import { countEndedSessions } from '../db/sessions.js';
import { answerFigures, conversationFigures, loadPriceBook } from '../pricing/chatFigures.js';
import { findOwnedWebchat } from '../webchats/webchatStore.js';
import type { ExportItem } from './exportItems.js';
import { endedCallsExport, webchatExport } from './exportSources.js';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

export interface ConversationPaging {
  limit: number;
  offset: number;
  order: 'asc' | 'desc';
}

/** `paging` parses the query after the bot is found, so another user's bot is 404 whatever the query says. */
export async function conversationsPage(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
  paging: () => ConversationPaging,
  now: number,
): Promise<ConversationsPage> {
  const webchat = await findOwnedWebchat(db, userId, webchatId);
  const page = paging();
  const { rows, total } = await listWebchatConversations(db, userId, webchat.id, page);
  const feedback = await conversationFeedback(
    db,
    rows.map((row) => row.id),
  );
  return {
    success: true,
    conversations: rows.map((row) => {
      const counts = feedback.get(row.id);
      return { ...toConversationSummary(row, now), ...(counts ? { feedback: counts } : {}) };
    }),
    total,
    limit: page.limit,
    offset: page.offset,
    retentionSeconds: webchat.short_term_messages_retention_period,
    keepHistoryDays: webchat.keep_history_days,
  };
}

export async function conversationDetail(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
  conversationId: string,
  now: number,
): Promise<ConversationDetail> {
  const webchat = await findOwnedWebchat(db, userId, webchatId);
  const conversation = await findOwnedConversation(db, userId, webchat.id, conversationId);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  const rows = await conversationMessages(db, [conversation.id]);
  const book = await loadPriceBook(db);
  const messages = rows.map((row) => ({ ...toConversationMessage(row), figures: answerFigures(row, book) }));
  return {
    success: true,
    conversation: toConversationSummary(conversation, now),
    messages,
    figures: conversationFigures(messages.map((message) => message.figures)),
    retentionSeconds: webchat.short_term_messages_retention_period,
    keepHistoryDays: webchat.keep_history_days,
  };
}

export interface CountedExport {
  /** How many items the export holds, for its count header. */
  count: number;
  batches: AsyncIterable<ExportItem[]>;
}

export async function endedCallsExportOf(
  db: Kysely<Database>,
  userId: string,
  order: 'asc' | 'desc',
): Promise<CountedExport> {
  return { count: await countEndedSessions(db, userId), batches: endedCallsExport(db, userId, order) };
}

/** A bot's conversations for export, with the bot's name for the file. */
export async function webchatExportOf(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
): Promise<CountedExport & { name: string }> {
  const webchat = await findOwnedWebchat(db, userId, webchatId);
  const { total } = await listWebchatConversations(db, userId, webchat.id, { limit: 1, offset: 0, order: 'desc' });
  return { name: webchat.name, count: total, batches: webchatExport(db, userId, webchat.id) };
}

/**
 * One history of calls and chats (issue 11), under /api/history, for the effective user only: a
 * bot or conversation of another user answers 404 like a missing one, and searches and exports
 * only ever read the user's own rows.
 *
 *   GET /search                                   calls and chats by words and filters, a page
 *   GET /webchats/:id/conversations               a bot's conversations, a page
 *   GET /webchats/:id/conversations/:conversationId   one, with its messages
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ENDED_SESSIONS_DEFAULT_LIMIT } from '../../shared/defaults.js';
import {
  HISTORY_LIMITS,
  type ConversationDetail,
  type ConversationsPage,
  type HistorySearchPage,
} from '../../shared/types/history.js';
import { requireUser } from '../auth/requireUser.js';
import { conversationMessages, findOwnedConversation, listWebchatConversations, toConversationMessage, toConversationSummary } from '../db/historyConversations.js';
import type { Database } from '../db/schema.js';
import { findWebchatRow } from '../db/webchats.js';
import { notFound } from '../http/HttpError.js';
import { queryRecord, sortOrder, wholeNumber } from '../http/queryParams.js';
import { parseHistoryFilters, parsePage } from '../history/parseHistoryQuery.js';
import { searchHistory } from '../history/searchHistory.js';
import { WEBCHAT_NOT_FOUND } from '../webchats/webchatTexts.js';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
/** Pages of a bot's conversations go this deep (offset). */
const MAX_OFFSET = 1_000_000_000;

const Id = Type.String({ minLength: 1, maxLength: 100 });
const WebchatParams = Type.Object({ id: Id });
const ConversationParams = Type.Object({ id: Id, conversationId: Type.String({ minLength: 1, maxLength: 100 }) });

export async function historyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  const ownedWebchat = async (userId: string, id: string): Promise<Database['webchats']> => {
    const row = await findWebchatRow(db, userId, id);
    if (!row) throw notFound(WEBCHAT_NOT_FOUND);
    return row;
  };

  app.get('/search', async (request): Promise<HistorySearchPage> => {
    const query = queryRecord(request.query);
    const filters = parseHistoryFilters(query);
    const page = parsePage(query, ENDED_SESSIONS_DEFAULT_LIMIT, HISTORY_LIMITS.countedResults);
    const found = await searchHistory(db, requireUser(request).id, filters, page);
    return { success: true, ...found, ...page };
  });

  app.get('/webchats/:id/conversations', { schema: { params: WebchatParams } }, async (request): Promise<ConversationsPage> => {
    const query = queryRecord(request.query);
    const userId = requireUser(request).id;
    const webchat = await ownedWebchat(userId, request.params.id);
    const limit = wholeNumber(query, 'limit', ENDED_SESSIONS_DEFAULT_LIMIT, 1, HISTORY_LIMITS.maxPageSize);
    const offset = wholeNumber(query, 'offset', 0, 0, MAX_OFFSET);
    const order = sortOrder(query);
    const { rows, total } = await listWebchatConversations(db, userId, webchat.id, { limit, offset, order });
    const now = clock();
    return {
      success: true,
      conversations: rows.map((row) => toConversationSummary(row, now)),
      total,
      limit,
      offset,
      retentionSeconds: webchat.short_term_messages_retention_period,
    };
  });

  app.get('/webchats/:id/conversations/:conversationId', { schema: { params: ConversationParams } }, async (request): Promise<ConversationDetail> => {
    const userId = requireUser(request).id;
    const webchat = await ownedWebchat(userId, request.params.id);
    const conversation = await findOwnedConversation(db, userId, webchat.id, request.params.conversationId);
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    const messages = await conversationMessages(db, conversation.id);
    return {
      success: true,
      conversation: toConversationSummary(conversation, clock()),
      messages: messages.map(toConversationMessage),
      retentionSeconds: webchat.short_term_messages_retention_period,
    };
  });
}

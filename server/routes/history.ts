/**
 * One history of calls and chats (issue 11), under /api/history, for the effective user only: a
 * bot or conversation of another user answers 404 like a missing one, and searches and exports
 * only ever read the user's own rows.
 *
 *   GET /search                                   calls and chats by words and filters, a page
 *   GET /export?format=csv|jsonl&…                the same search, every result, streamed
 *   GET /calls/export?format&order                the ended calls, streamed
 *   GET /webchats/:id/conversations               a bot's conversations, a page
 *   GET /webchats/:id/conversations/:conversationId   one, with its messages
 *   GET /webchats/:id/export?format               a bot's conversations, streamed
 */
import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ENDED_SESSIONS_DEFAULT_LIMIT } from '../../shared/defaults.js';
import {
  EXPORT_COUNT_HEADER,
  HISTORY_LIMITS,
  type ConversationDetail,
  type ConversationsPage,
  type ExportFormat,
  type HistorySearchPage,
} from '../../shared/types/history.js';
import { requireUser } from '../auth/requireUser.js';
import { conversationMessages, findOwnedConversation, listWebchatConversations, toConversationMessage, toConversationSummary } from '../db/historyConversations.js';
import type { Database } from '../db/schema.js';
import { countEndedSessions } from '../db/sessions.js';
import { findWebchatRow } from '../db/webchats.js';
import { notFound } from '../core/AppError.js';
import { queryRecord, sortOrder, wholeNumber } from '../core/queryParams.js';
import { contentDisposition, exportFileName } from '../history/exportFileName.js';
import { EXPORT_CONTENT_TYPE, exportChunks } from '../history/exportFormats.js';
import type { ExportItem } from '../history/exportItems.js';
import { endedCallsExport, searchExport, webchatExport } from '../history/exportSources.js';
import { ExportSlots } from '../history/ExportSlots.js';
import { parseFormat, parseHistoryFilters, parsePage } from '../history/parseHistoryQuery.js';
import { searchHistory } from '../history/searchHistory.js';
import { WEBCHAT_NOT_FOUND } from '../webchats/webchatTexts.js';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
/** Pages of a bot's conversations go this deep (offset); exports have no such limit. */
const MAX_OFFSET = 1_000_000_000;
/** Bytes an export buffers before it waits for the client to read (backpressure). */
const EXPORT_HIGH_WATER_MARK = 64 * 1024;

const Id = Type.String({ minLength: 1, maxLength: 100 });
const WebchatParams = Type.Object({ id: Id });
const ConversationParams = Type.Object({ id: Id, conversationId: Type.String({ minLength: 1, maxLength: 100 }) });

export async function historyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;
  const slots = new ExportSlots();

  const ownedWebchat = async (userId: string, id: string): Promise<Database['webchats']> => {
    const row = await findWebchatRow(db, userId, id);
    if (!row) throw notFound(WEBCHAT_NOT_FOUND);
    return row;
  };

  /**
   * Streams the export: the batches are pulled as the client reads (a Readable of at most
   * EXPORT_HIGH_WATER_MARK buffered bytes), so a slow or paused download stops the database
   * reads too, and a closed connection ends them.
   */
  const streamExport = (
    reply: FastifyReply,
    userId: string,
    format: ExportFormat,
    fileName: string,
    count: number | null,
    batches: AsyncIterable<ExportItem[]>,
  ) => {
    const release = slots.take(userId);
    const stream = Readable.from(exportChunks(format, batches), { objectMode: false, highWaterMark: EXPORT_HIGH_WATER_MARK });
    stream.once('close', release);
    stream.once('error', (error) => reply.log.error({ err: error }, 'an export failed while streaming'));
    reply
      .header('content-type', EXPORT_CONTENT_TYPE[format])
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store');
    if (count !== null) reply.header(EXPORT_COUNT_HEADER, String(count));
    return reply.send(stream);
  };

  app.get('/search', async (request): Promise<HistorySearchPage> => {
    const query = queryRecord(request.query);
    const filters = parseHistoryFilters(query);
    const page = parsePage(query, ENDED_SESSIONS_DEFAULT_LIMIT, HISTORY_LIMITS.countedResults);
    const found = await searchHistory(db, requireUser(request).id, filters, page);
    return { success: true, ...found, ...page };
  });

  app.get('/export', async (request, reply) => {
    const query = queryRecord(request.query);
    const filters = parseHistoryFilters(query);
    const format = parseFormat(query);
    const userId = requireUser(request).id;
    const words = typeof query.q === 'string' ? query.q : '';
    const fileName = exportFileName(['search', words], format, clock());
    return streamExport(reply, userId, format, fileName, null, searchExport(db, userId, filters));
  });

  app.get('/calls/export', async (request, reply) => {
    const query = queryRecord(request.query);
    const format = parseFormat(query);
    const order = sortOrder(query);
    const userId = requireUser(request).id;
    const fileName = exportFileName(['ended-calls'], format, clock());
    return streamExport(reply, userId, format, fileName, await countEndedSessions(db, userId), endedCallsExport(db, userId, order));
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
      keepHistoryDays: webchat.keep_history_days,
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
      keepHistoryDays: webchat.keep_history_days,
    };
  });

  app.get('/webchats/:id/export', { schema: { params: WebchatParams } }, async (request, reply) => {
    const format = parseFormat(queryRecord(request.query));
    const userId = requireUser(request).id;
    const webchat = await ownedWebchat(userId, request.params.id);
    const { total } = await listWebchatConversations(db, userId, webchat.id, { limit: 1, offset: 0, order: 'desc' });
    const fileName = exportFileName(['conversations', webchat.name], format, clock());
    return streamExport(reply, userId, format, fileName, total, webchatExport(db, userId, webchat.id));
  });
}

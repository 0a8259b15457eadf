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
  type ConversationDetail,
  type ConversationsPage,
  EXPORT_COUNT_HEADER,
  type ExportFormat,
  HISTORY_LIMITS,
  type HistorySearchPage,
} from '../../shared/types/history.js';
import { requireUser } from '../auth/requireUser.js';
import { queryRecord, sortOrder, wholeNumber } from '../core/queryParams.js';
import { ExportSlots } from '../history/ExportSlots.js';
import { withFigures } from '../history/exportFigures.js';
import { contentDisposition, exportFileName } from '../history/exportFileName.js';
import { EXPORT_CONTENT_TYPE, exportChunks } from '../history/exportFormats.js';
import type { ExportItem } from '../history/exportItems.js';
import { searchExport } from '../history/exportSources.js';
import { parseFormat, parseHistoryFilters, parsePage } from '../history/parseHistoryQuery.js';
import { searchHistory } from '../history/searchHistory.js';
import {
  conversationDetail,
  conversationsPage,
  endedCallsExportOf,
  webchatExportOf,
} from '../history/webchatConversations.js';

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
    const stream = Readable.from(exportChunks(format, withFigures(db, app.config.telephonyRates, batches)), {
      objectMode: false,
      highWaterMark: EXPORT_HIGH_WATER_MARK,
    });
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
    const { count, batches } = await endedCallsExportOf(db, userId, order);
    return streamExport(reply, userId, format, fileName, count, batches);
  });

  app.get(
    '/webchats/:id/conversations',
    { schema: { params: WebchatParams } },
    async (request): Promise<ConversationsPage> => {
      const query = queryRecord(request.query);
      const userId = requireUser(request).id;
      const paging = () => ({
        limit: wholeNumber(query, 'limit', ENDED_SESSIONS_DEFAULT_LIMIT, 1, HISTORY_LIMITS.maxPageSize),
        offset: wholeNumber(query, 'offset', 0, 0, MAX_OFFSET),
        order: sortOrder(query),
      });
      return conversationsPage(db, userId, request.params.id, paging, clock());
    },
  );

  app.get(
    '/webchats/:id/conversations/:conversationId',
    { schema: { params: ConversationParams } },
    async (request): Promise<ConversationDetail> => {
      const userId = requireUser(request).id;
      return conversationDetail(db, userId, request.params.id, request.params.conversationId, clock());
    },
  );

  app.get('/webchats/:id/export', { schema: { params: WebchatParams } }, async (request, reply) => {
    const format = parseFormat(queryRecord(request.query));
    const userId = requireUser(request).id;
    const { name, count, batches } = await webchatExportOf(db, userId, request.params.id);
    const fileName = exportFileName(['conversations', name], format, clock());
    return streamExport(reply, userId, format, fileName, count, batches);
  });
}

import type {
  ConversationDetail,
  ConversationsPage,
  ConversationsQuery,
  ExportFormat,
  HistorySearchPage,
  HistorySearchQuery,
} from '../types/history.js';
import type { Request, StreamRequest } from './request.js';

const enc = encodeURIComponent;

/** Searches and exports without paging: the search's filters only. */
export type HistoryExportQuery = Omit<HistorySearchQuery, 'limit' | 'offset'>;

/** One history of calls and chats (issue 11): search, a bot's conversations, and streamed exports. */
export function historyApi(request: Request, stream: StreamRequest) {
  return {
    search: (query: HistorySearchQuery = {}) =>
      request<HistorySearchPage>('GET', '/history/search', { query: { ...query } }),
    conversations: (webchatId: string, query: ConversationsQuery = {}) =>
      request<ConversationsPage>('GET', `/history/webchats/${enc(webchatId)}/conversations`, { query: { ...query } }),
    conversation: (webchatId: string, conversationId: string) =>
      request<ConversationDetail>('GET', `/history/webchats/${enc(webchatId)}/conversations/${enc(conversationId)}`),
    /** The answers of the exports, their bodies not yet read (the console reads them with progress). */
    exportSearch: (query: HistoryExportQuery, format: ExportFormat, signal?: AbortSignal) =>
      stream('/history/export', { query: { ...query, format }, signal }),
    exportCalls: (format: ExportFormat, order: 'desc' | 'asc', signal?: AbortSignal) =>
      stream('/history/calls/export', { query: { format, order }, signal }),
    exportConversations: (webchatId: string, format: ExportFormat, signal?: AbortSignal) =>
      stream(`/history/webchats/${enc(webchatId)}/export`, { query: { format }, signal }),
  };
}

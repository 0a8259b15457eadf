/**
 * One history of calls and chats (issue 11): a bot's conversations, full-text search over call
 * transcripts and chat messages, and streamed exports. Routes under /api/history, for the
 * effective user's own calls and chats only.
 */

import type { ChatSource } from './chat.js';

/** A call (voice agent) or a chat (web chat bot). */
export type HistoryKind = 'call' | 'chat';

/** What a search looks through. */
export type HistoryKindFilter = 'all' | 'calls' | 'chats';

/**
 * Who said a message, in words a reader knows: a call's caller, agent or function call; a chat's
 * visitor, bot or tool call.
 */
export type HistorySpeaker = 'caller' | 'agent' | 'function' | 'visitor' | 'bot' | 'tool';

/** A piece of a snippet; `match` pieces are the words the search matched. Plain text, never HTML. */
export interface SnippetSegment {
  text: string;
  match: boolean;
}

/** The message a search with words matched. */
export interface HistoryHit {
  messageId: string;
  speaker: HistorySpeaker;
  /** Millisecond timestamp. */
  at: number;
  /** A short piece of the message around the matched words. */
  snippet: SnippetSegment[];
}

/** One search result: a call or chat, with the message that matched when the search had words. */
export interface HistoryResult {
  kind: HistoryKind;
  /** The call's stream SID or the chat's conversation id. */
  id: string;
  /** The agent's or bot's id. */
  sourceId: string;
  /** The agent's name when the call started, or the bot's name. */
  sourceName: string;
  /** Millisecond timestamps; `endedAt` is a chat's last message, null for a call still going. */
  startedAt: number;
  endedAt: number | null;
  /** Calls only: the numbers as stored ('' when unknown). */
  fromNumber: string | null;
  toNumber: string | null;
  /** Messages kept (calls), or exchanged (chats, counted even after their text expired). */
  messageCount: number;
  /** Null for a search without words. */
  hit: HistoryHit | null;
}

/** GET /api/history/search query (and GET /api/history/export, without limit and offset). */
export interface HistorySearchQuery {
  /** Words (all must match), "a phrase", or a prefix* (at least 2 characters before the *). */
  q?: string;
  kind?: HistoryKindFilter;
  /** Calls of this agent only. */
  agentId?: string;
  /** Chats of this bot only. */
  webchatId?: string;
  /** Calls from or to a number containing these digits (at least 3). */
  phone?: string;
  /** Millisecond timestamps, inclusive: when the matched message was said, or without words when the call or chat started. */
  from?: number;
  to?: number;
  /** Calls and chats whose post-call analysis gave this verdict (issue 21). */
  success?: 'pass' | 'fail';
  /** Chats with an answer the visitor rated (issue 25): any way, down, up, or with a comment. */
  feedback?: HistoryFeedbackFilter;
  limit?: number;
  offset?: number;
}

/** The history search's feedback filter: chats with such a rated answer. */
export type HistoryFeedbackFilter = 'any' | 'down' | 'up' | 'comment';
export const HISTORY_FEEDBACK_FILTERS: readonly HistoryFeedbackFilter[] = ['any', 'down', 'up', 'comment'];

/** Thumbs up and down given to answers (issue 25). */
export interface FeedbackCounts {
  up: number;
  down: number;
}

/** A visitor's rating of one answer: the last one they gave. */
export interface AnswerFeedback {
  rating: 'up' | 'down';
  /** null when none. */
  comment: string | null;
  /** Millisecond timestamp. */
  ratedAt: number;
}

export interface HistorySearchPage {
  success: boolean;
  results: HistoryResult[];
  /** Results counted, at most HISTORY_LIMITS.countedResults. */
  total: number;
  /** True when there are more results than `total` counts. */
  more: boolean;
  limit: number;
  offset: number;
}

/** A bot's conversation in its list (GET /api/history/webchats/{id}/conversations). */
export interface ConversationSummary {
  id: string;
  webchatId: string;
  /** Millisecond timestamps: the first visitor message, the latest message or answer. */
  startedAt: number;
  lastMessageAt: number;
  /** Visitor messages and answers exchanged (tool calls not counted), kept or not. */
  messageCount: number;
  /** '' when the bot keeps no text, or once the first message expired. */
  firstQuestion: string;
  /** A message within the last CHAT_LIMITS.activeWindowMs. */
  active: boolean;
  /** The owner's test chat from the bot's page (issue 20), not a visitor's. */
  test: boolean;
  /** Issue 23: the operator holding it (the bot is silent) and their display name; null while the bot answers. */
  operatorId?: string | null;
  operatorName?: string | null;
  /** Issue 23: when the visitor asked for a person; null when nobody asked or someone took over. */
  waitingSince?: number | null;
  /** Its answers' thumbs (issue 25), in the Conversations list; absent when none was rated. */
  feedback?: FeedbackCounts;
}

export interface ConversationsQuery {
  limit?: number;
  offset?: number;
  order?: 'desc' | 'asc';
}

export interface ConversationsPage {
  success: boolean;
  conversations: ConversationSummary[];
  total: number;
  limit: number;
  offset: number;
  /** The bot's short-term retention (its memory) in seconds. */
  retentionSeconds: number;
  /** The bot's Keep history: null forever, 0 not kept once a conversation ends, else days. */
  keepHistoryDays: number | null;
}

/** A tool call of a chat: what the model asked for and what it got back. */
export interface ConversationToolCall {
  name: string;
  /** As the model sent them (JSON text, maybe invalid). */
  arguments: string;
  output: string;
  isError: boolean;
}

/**
 * An answer's figures (issue 21): its model, tokens by kind from the model's `usage` (every round
 * of a tool loop summed; `cachedTokens` is a part of `inputTokens`), ms from the question's arrival
 * to the first text sent to the visitor, and its cost at the prices in force when it was written.
 * A figure is null when it was not measured: tokens of an answer the visitor left before it ended,
 * a cost whose model has no price.
 */
export interface AnswerFigures {
  model: string;
  inputTokens: number | null;
  cachedTokens: number | null;
  outputTokens: number | null;
  ttftMs: number | null;
  costUsd: number | null;
}

export interface ConversationMessage {
  id: string;
  role: 'user' | 'assistant' | 'tool';
  /** '' for a tool call. */
  text: string;
  createdAt: number;
  tool: ConversationToolCall | null;
  /** An answer's figures; null for other messages and for answers from before they were kept. */
  figures: AnswerFigures | null;
  /** Issue 23: an operator's message (role 'assistant') names who wrote it. */
  operatorName?: string | null;
  /** The visitor's rating of an answer (issue 25); absent when none. */
  feedback?: AnswerFeedback;
  /** The knowledge an answer cited (issue 24); absent when none. */
  sources?: ChatSource[];
}

/**
 * The kept answers' figures added up: `answers` is how many have figures; a sum is null when
 * one of them lacks that figure (an unknown part would make it look smaller than it is), and
 * the whole is null when no kept answer has figures.
 */
export interface ConversationFigures {
  answers: number;
  inputTokens: number | null;
  cachedTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  /** The median and 95th percentile (nearest rank) time to first token of the answers that have one. */
  ttftP50Ms: number | null;
  ttftP95Ms: number | null;
}

/** GET /api/history/webchats/{id}/conversations/{conversationId}. */
export interface ConversationDetail {
  success: boolean;
  conversation: ConversationSummary;
  /** Oldest first; what the bot's Keep history still keeps. */
  messages: ConversationMessage[];
  /** Figures of the kept answers, added up (issue 21); null when none has any. */
  figures: ConversationFigures | null;
  retentionSeconds: number;
  keepHistoryDays: number | null;
}

/** CSV: one row per call or chat; JSON Lines: one line per message. */
export type ExportFormat = 'csv' | 'jsonl';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'jsonl'];

/** The CSV export's columns, in order (its header row). */
export const EXPORT_CSV_COLUMNS = [
  'kind',
  'id',
  'source_id',
  'source_name',
  'from_number',
  'to_number',
  'call_type',
  'started_at',
  'ended_at',
  'duration_seconds',
  'message_count',
  'transcript',
  // Issue 21: a call's review figures, or a chat's measured answers summed (text tokens, cost, time
  // to first token as the latency); empty for calls and chats from before they were kept.
  'model',
  'input_text_tokens',
  'input_audio_tokens',
  'cached_text_tokens',
  'cached_audio_tokens',
  'output_text_tokens',
  'output_audio_tokens',
  'interruptions',
  'latency_p50_ms',
  'latency_p95_ms',
  'model_cost_usd',
  'telephony_cost_usd',
  'total_cost_usd',
  // Post-call analysis (issue 21), empty when the call or chat was not analysed (or not yet).
  'summary',
  'success',
  'success_reason',
  'extracted_data',
] as const;

/** One line of the JSON Lines export. Times are ISO 8601 (UTC). */
export interface ExportMessageLine {
  kind: HistoryKind;
  id: string;
  source_id: string;
  source_name: string;
  seq: number;
  at: string;
  speaker: HistorySpeaker;
  text: string;
  tool_name: string | null;
  tool_arguments: string | null;
  tool_output: string | null;
  is_error: boolean;
  /** Issue 21: an agent line's latency (a chat answer's: its time to first token), a tool call's duration (ms); null when not measured. */
  latency_ms: number | null;
  duration_ms: number | null;
  /** The call's or chat's post-call analysis (issue 21), on each of its lines; null when there is none (yet). */
  summary: string | null;
  success: 'pass' | 'fail' | 'unclear' | null;
  success_reason: string | null;
  /** The extracted data as the schema shaped it. */
  extracted_data: unknown;
}

/** Answer header of an export: how many calls or chats it holds, when known before it starts. */
export const EXPORT_COUNT_HEADER = 'x-export-count';

export const HISTORY_LIMITS = {
  /** Characters of a search text. */
  queryMaxChars: 500,
  /** Words, phrases and prefixes in one search. */
  maxTerms: 16,
  /** Search results counted; pages go no further. */
  countedResults: 1_000,
  /** Largest page of search results and of a bot's conversations. */
  maxPageSize: 50,
  /** Digits a phone filter needs at least. */
  phoneMinDigits: 3,
} as const;

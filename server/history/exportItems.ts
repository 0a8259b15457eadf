/**
 * What an export writes: calls and chats with their kept messages, a batch at a time. Messages
 * of a batch are read in one query per kind (indexes (stream_sid, timestamp, seq) and
 * (conversation_id, seq)), so memory holds one batch, never the whole export.
 */
import type { Kysely } from 'kysely';
import type { ConversationFigures, HistorySpeaker } from '../../shared/types/history.js';
import type { CallFigures } from '../../shared/types/session.js';
import { type AnalysisJobRow, doneAnalysesOf } from '../db/analysisJobs.js';
import { conversationMessages } from '../db/historyConversations.js';
import { speakerOf } from '../db/historyFilters.js';
import type { HistoryParent } from '../db/historyParents.js';
import type { ChatMessagesTable, Database } from '../db/schema.js';
import { listMessages } from '../db/sessionMessages.js';

export interface ExportMessage {
  seq: number;
  at: number;
  speaker: HistorySpeaker;
  text: string;
  toolName: string | null;
  toolArguments: string | null;
  toolOutput: string | null;
  isError: boolean;
  /** An agent line's latency, a tool call's duration (ms; issue 21); null when not measured. */
  latencyMs: number | null;
  durationMs: number | null;
}

export interface ExportItem {
  parent: HistoryParent;
  messages: ExportMessage[];
  /** A call's review figures (exportFigures.ts); null for chats and calls from before them. */
  figures?: CallFigures | null;
  /** A chat's measured answers (those with a model), read with its messages, for its figures. */
  chatAnswers?: ChatAnswerRow[];
  /** A chat's figures (exportFigures.ts); null for calls and chats without measured answers. */
  chatFigures?: ChatExportFigures | null;
  /** Its finished post-call analysis (issue 21), if any. */
  analysis: AnalysisJobRow | null;
}

export type ChatAnswerRow = Pick<
  ChatMessagesTable,
  'role' | 'created_at' | 'model' | 'input_tokens' | 'cached_tokens' | 'output_tokens' | 'ttft_ms'
>;

/** A chat's kept answers' figures added up, and the models that wrote them (a bot's model can change). */
export interface ChatExportFigures {
  models: string[];
  totals: ConversationFigures;
}

function grouped<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The batch with each call's and chat's messages; a call's count is that of its kept messages. */
export async function withMessages(db: Kysely<Database>, parents: readonly HistoryParent[]): Promise<ExportItem[]> {
  const callIds = parents.filter((p) => p.kind === 'call').map((p) => p.id);
  const chatIds = parents.filter((p) => p.kind === 'chat').map((p) => p.id);
  const calls = grouped(await listMessages(db, callIds), (row) => row.stream_sid);
  const chats = grouped(await conversationMessages(db, chatIds), (row) => row.conversation_id);
  const analyses = await doneAnalysesOf(db, callIds, chatIds);
  return parents.map((parent) => ({ ...withItsMessages(parent), analysis: analyses.get(parent.id) ?? null }));

  function withItsMessages(parent: HistoryParent): Omit<ExportItem, 'analysis'> {
    if (parent.kind === 'call') {
      const rows = calls.get(parent.id) ?? [];
      const messages = rows.map((row, index) => ({
        seq: index + 1,
        at: Number(row.timestamp),
        speaker: speakerOf('call', row.type),
        text: row.message,
        toolName: row.type === 'function' ? row.message : null,
        toolArguments: row.function_args,
        toolOutput: row.function_output,
        isError: false,
        latencyMs: row.type === 'assistant' ? row.latency_ms : null,
        durationMs: row.type === 'function' ? row.duration_ms : null,
      }));
      return { parent: { ...parent, messageCount: messages.length }, messages };
    }
    const rows = chats.get(parent.id) ?? [];
    const messages = rows.map((row) => ({
      seq: row.seq,
      at: Number(row.created_at),
      speaker: speakerOf('chat', row.role),
      text: row.text,
      toolName: row.tool_name,
      toolArguments: row.tool_args,
      toolOutput: row.tool_output,
      isError: row.is_error === 1,
      // A chat answer's latency is its time to first token (issue 21), as an agent line's is to its first audio.
      latencyMs: row.role === 'assistant' && row.ttft_ms !== null ? Number(row.ttft_ms) : null,
      durationMs: null,
    }));
    return { parent, messages, chatAnswers: rows.filter((row) => row.role === 'assistant' && row.model !== null) };
  }
}

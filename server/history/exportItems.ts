/**
 * What an export writes: calls and chats with their kept messages, a batch at a time. Messages
 * of a batch are read in one query per kind (indexes (stream_sid, timestamp, seq) and
 * (conversation_id, seq)), so memory holds one batch, never the whole export.
 */
import type { Kysely } from 'kysely';
import type { HistorySpeaker } from '../../shared/types/history.js';
import { type AnalysisJobRow, doneAnalysesOf } from '../db/analysisJobs.js';
import { conversationMessages } from '../db/historyConversations.js';
import { speakerOf } from '../db/historyFilters.js';
import type { HistoryParent } from '../db/historyParents.js';
import type { Database } from '../db/schema.js';
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
}

export interface ExportItem {
  parent: HistoryParent;
  messages: ExportMessage[];
  /** Its finished post-call analysis (issue 21), if any. */
  analysis: AnalysisJobRow | null;
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
    }));
    return { parent, messages };
  }
}

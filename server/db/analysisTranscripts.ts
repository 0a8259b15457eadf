/** The transcript of a call or chat for its analysis, in the order it was said. */
import type { Kysely } from 'kysely';
import type { AnalysisKind } from '../../shared/types/analysis.js';
import type { Database } from './schema.js';

export interface TranscriptLine {
  /** user: the caller or visitor; assistant: the agent or bot; tool: a tool call. */
  role: 'user' | 'assistant' | 'tool';
  text: string;
}

export async function transcriptLines(db: Kysely<Database>, kind: AnalysisKind, id: string): Promise<TranscriptLine[]> {
  if (kind === 'call') {
    const rows = await db
      .selectFrom('call_messages')
      .select(['type', 'message', 'function_args', 'function_output'])
      .where('stream_sid', '=', id)
      .orderBy('timestamp')
      .orderBy('seq')
      .execute();
    return rows.map((row) =>
      row.type === 'user' || row.type === 'assistant'
        ? { role: row.type, text: row.message }
        : { role: 'tool', text: `${row.message}(${row.function_args ?? ''}) → ${row.function_output ?? ''}` },
    );
  }
  const rows = await db
    .selectFrom('chat_messages')
    .select(['role', 'text', 'tool_name', 'tool_args', 'tool_output'])
    .where('conversation_id', '=', id)
    .orderBy('seq')
    .execute();
  return rows.map((row) =>
    row.role === 'tool'
      ? { role: 'tool', text: `${row.tool_name ?? ''}(${row.tool_args ?? ''}) → ${row.tool_output ?? ''}` }
      : { role: row.role, text: row.text },
  );
}

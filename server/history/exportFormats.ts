/**
 * The export files (issue 11, README "History: search and export"): CSV with a header row and one
 * record per call or chat (its transcript in one cell), JSON Lines with one line per message.
 * Each batch becomes one string; times are ISO 8601 in UTC.
 */
import {
  EXPORT_CSV_COLUMNS,
  type ExportFormat,
  type ExportMessageLine,
  type HistorySpeaker,
} from '../../shared/types/history.js';
import type { CallFigures } from '../../shared/types/session.js';
import { csvRecord } from './csv.js';
import type { ChatExportFigures, ExportItem, ExportMessage } from './exportItems.js';

const SPEAKER_LABEL: Record<HistorySpeaker, string> = {
  caller: 'Caller',
  agent: 'Agent',
  function: 'Function',
  visitor: 'Visitor',
  bot: 'Bot',
  tool: 'Tool',
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** One line of the transcript cell: "Visitor: text", or "Tool name: arguments → output". */
function transcriptLine(message: ExportMessage): string {
  const label = SPEAKER_LABEL[message.speaker];
  if (message.toolName === null) return `${label}: ${message.text}`;
  const failed = message.isError ? ' (failed)' : '';
  return `${label} ${message.toolName}${failed}: ${message.toolArguments ?? ''} → ${message.toolOutput ?? ''}`;
}

/** The figure columns of EXPORT_CSV_COLUMNS, in order; empty cells when there are none. */
function figureCells(f: CallFigures | null): (string | number | null)[] {
  if (!f) return Array.from({ length: 13 }, () => null);
  const t = f.tokens;
  return [
    f.model,
    t.inputText,
    t.inputAudio,
    t.cachedText,
    t.cachedAudio,
    t.outputText,
    t.outputAudio,
    f.interruptions,
    f.latencyP50Ms,
    f.latencyP95Ms,
    f.cost.modelUsd,
    f.cost.telephonyUsd,
    f.cost.totalUsd,
  ];
}

/**
 * The same columns for a chat: its measured answers' tokens (all text) and cost summed, its time
 * to first token as the latency; no audio, telephony or interruptions (0, 0 and empty).
 */
function chatFigureCells(f: ChatExportFigures | null): (string | number | null)[] {
  if (!f) return Array.from({ length: 13 }, () => null);
  const t = f.totals;
  const total = t.costUsd;
  return [
    f.models.join(' '),
    t.inputTokens,
    0,
    t.cachedTokens,
    0,
    t.outputTokens,
    0,
    null,
    t.ttftP50Ms,
    t.ttftP95Ms,
    total,
    0,
    total,
  ];
}

export const CSV_HEADER = csvRecord(EXPORT_CSV_COLUMNS);

/** The analysis fields of a call or chat, as the export writes them (the data as JSON text in CSV). */
function analysisFields(analysis: ExportItem['analysis']) {
  return {
    summary: analysis?.summary ?? null,
    success: analysis?.success ?? null,
    success_reason: analysis?.success_reason ?? null,
    extracted_data: analysis?.data ?? null,
  };
}

export function csvBatch(items: readonly ExportItem[]): string {
  return items
    .map(({ parent, messages, figures, chatFigures, analysis }) => {
      const analysed = analysisFields(analysis);
      const duration =
        parent.endedAt === null ? null : Math.max(0, Math.round((parent.endedAt - parent.startedAt) / 1000));
      return csvRecord([
        parent.kind,
        parent.id,
        parent.sourceId,
        parent.sourceName,
        parent.fromNumber,
        parent.toNumber,
        parent.callType,
        iso(parent.startedAt),
        iso(parent.endedAt),
        duration,
        parent.messageCount,
        messages.map(transcriptLine).join('\n'),
        ...(parent.kind === 'chat' ? chatFigureCells(chatFigures ?? null) : figureCells(figures ?? null)),
        analysed.summary,
        analysed.success,
        analysed.success_reason,
        analysed.extracted_data,
      ]);
    })
    .join('');
}

export function jsonlBatch(items: readonly ExportItem[]): string {
  let out = '';
  for (const { parent, messages, analysis } of items) {
    const analysed = analysisFields(analysis);
    const data = analysed.extracted_data === null ? null : (JSON.parse(analysed.extracted_data) as unknown);
    for (const message of messages) {
      const line: ExportMessageLine = {
        kind: parent.kind,
        id: parent.id,
        source_id: parent.sourceId,
        source_name: parent.sourceName,
        seq: message.seq,
        at: new Date(message.at).toISOString(),
        speaker: message.speaker,
        text: message.text,
        tool_name: message.toolName,
        tool_arguments: message.toolArguments,
        tool_output: message.toolOutput,
        is_error: message.isError,
        latency_ms: message.latencyMs,
        duration_ms: message.durationMs,
        summary: analysed.summary,
        success: analysed.success,
        success_reason: analysed.success_reason,
        extracted_data: data,
      };
      out += `${JSON.stringify(line)}\n`;
    }
  }
  return out;
}

/** The file's text, batch by batch (the header first for CSV). */
export async function* exportChunks(
  format: ExportFormat,
  batches: AsyncIterable<readonly ExportItem[]>,
): AsyncGenerator<string> {
  if (format === 'csv') yield CSV_HEADER;
  for await (const items of batches) {
    const chunk = format === 'csv' ? csvBatch(items) : jsonlBatch(items);
    if (chunk !== '') yield chunk;
  }
}

export const EXPORT_CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  jsonl: 'application/jsonl; charset=utf-8',
};

/**
 * Post-call analysis (issue 21 part C): the settings of an agent or bot, and the analysis of one
 * call or chat with its state.
 */

/** GET/PUT /api/agents/{id}/analysis and /api/webchats/{id}/analysis. */
export interface AnalysisSettings {
  enabled: boolean;
  /** What the summary should say; '' for the default summary. */
  summaryPrompt: string;
  /** What the model judges the transcript against (pass / fail / unclear); '' for no verdict. */
  successCriteria: string;
  /** The data to extract, a JSON Schema in the strict-mode subset (VOICE.md §13.2); null for none. */
  dataSchema: Record<string, unknown> | null;
}

export type AnalysisStatus = 'pending' | 'running' | 'done' | 'failed';
export type AnalysisVerdict = 'pass' | 'fail' | 'unclear';

/** The analysis of one call (`kind` 'call', id the stream SID) or chat ('chat', the conversation id). */
export interface ConversationAnalysis {
  status: AnalysisStatus;
  /** Why it failed; while pending after a failure that is retried, what that failure was. */
  error: string | null;
  attempts: number;
  summary: string | null;
  success: AnalysisVerdict | null;
  successReason: string | null;
  /** The extracted data, as the schema shaped it. */
  data: unknown;
  /** Millisecond timestamps. */
  createdAt: number;
  finishedAt: number | null;
}

/** GET /api/analysis/{kind}/{id}: null when the conversation was not analysed (analysis off). */
export interface ConversationAnalysisAnswer {
  success: true;
  analysis: ConversationAnalysis | null;
}

export type AnalysisKind = 'call' | 'chat';

/** Limits of the settings, checked on save. */
export const ANALYSIS_LIMITS = {
  promptMaxLength: 4000,
  /** The schema as JSON text. */
  schemaMaxLength: 20_000,
  /** OpenAI's smaller published limits (VOICE.md §13.2): properties in all, levels of nesting. */
  schemaMaxProperties: 100,
  schemaMaxDepth: 5,
  schemaMaxEnumValues: 1000,
} as const;

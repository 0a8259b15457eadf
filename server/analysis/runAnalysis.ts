/**
 * One analysis: the agent's or bot's settings and the transcript, one Chat Completions call with a
 * strict json_schema answer under the owner's key, and what to do with the outcome: store it,
 * retry it later (the provider failed in a way that may pass) or fail it with a reason people
 * can act on. Refusals and cut-off answers fail as VOICE.md §13.3 describes; they are not retried,
 * since the same transcript would meet the same answer.
 */
import type { Kysely } from 'kysely';
import { isPlainObject } from '../../shared/isPlainObject.js';
import type { AnalysisResults } from '../db/analysisClaims.js';
import type { AnalysisJobRow } from '../db/analysisJobs.js';
import { findAnalysisSettings } from '../db/analysisSettings.js';
import { transcriptLines } from '../db/analysisTranscripts.js';
import type { Database } from '../db/schema.js';
import { LlmError } from '../llm/LlmError.js';
import { findOpenaiForUser, MISSING_OPENAI_KEY, type OpenaiServices } from '../settings/openaiForUser.js';
import { analysisRequest } from './analysisRequest.js';

export type AnalysisOutcome =
  | { type: 'done'; results: AnalysisResults }
  | { type: 'retry'; error: string; retryAfterMs: number | null }
  | { type: 'failed'; error: string };

export interface RunAnalysisDeps extends OpenaiServices {
  db: Kysely<Database>;
  model: string;
  requestTimeoutMs: number;
}

/** Failures that may pass by themselves: the provider busy, down, slow or cut off. */
const RETRIED: ReadonlySet<LlmError['kind']> = new Set(['rate_limit', 'server', 'network', 'timeout', 'incomplete']);

export const ANALYSIS_FAILURES = {
  missingKey: MISSING_OPENAI_KEY,
  sourceGone: 'The agent or bot of this conversation was deleted, so its analysis settings are gone.',
  empty: 'The conversation has no messages to analyse.',
  refused: (refusal: string) => `The model refused to analyse the conversation: ${refusal}`,
  length: "The model's answer was cut off at its length limit.",
  filtered: "The model provider's content filter stopped the answer.",
  malformed: "The model's answer was not JSON in the analysis schema.",
} as const;

export async function runAnalysis(
  deps: RunAnalysisDeps,
  job: AnalysisJobRow,
  signal: AbortSignal,
): Promise<AnalysisOutcome> {
  const settings = await findAnalysisSettings(deps.db, job.user_id, job.source_id);
  if (!settings) return { type: 'failed', error: ANALYSIS_FAILURES.sourceGone };
  const conversationId = job.kind === 'call' ? job.stream_sid : job.conversation_id;
  const lines = await transcriptLines(deps.db, job.kind, conversationId ?? '');
  if (lines.length === 0) return { type: 'failed', error: ANALYSIS_FAILURES.empty };
  const client = await findOpenaiForUser(deps, job.user_id, { timeoutMs: deps.requestTimeoutMs });
  if (!client) return { type: 'failed', error: ANALYSIS_FAILURES.missingKey };
  const prompt = {
    summaryPrompt: settings.summary_prompt,
    successCriteria: settings.success_criteria,
    dataSchema: settings.data_schema === '' ? null : (JSON.parse(settings.data_schema) as Record<string, unknown>),
  };
  try {
    const answer = await client.complete(analysisRequest(prompt, lines, deps.model), { signal });
    if (answer.refusal) return { type: 'failed', error: ANALYSIS_FAILURES.refused(answer.refusal) };
    if (answer.finishReason === 'length') return { type: 'failed', error: ANALYSIS_FAILURES.length };
    if (answer.finishReason === 'content_filter') return { type: 'failed', error: ANALYSIS_FAILURES.filtered };
    const results = readAnswer(answer.text, prompt.successCriteria !== '', prompt.dataSchema !== null);
    if (!results) return { type: 'failed', error: ANALYSIS_FAILURES.malformed };
    return { type: 'done', results: { ...results, model: deps.model } };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    if (RETRIED.has(error.kind)) {
      const seconds = error.details.retryAfterSeconds;
      return { type: 'retry', error: error.message, retryAfterMs: seconds ? seconds * 1000 : null };
    }
    return { type: 'failed', error: error.message };
  }
}

/** The answer's JSON, checked for the parts the schema asked for (a compatible server may not enforce it). */
function readAnswer(text: string, withVerdict: boolean, withData: boolean): Omit<AnalysisResults, 'model'> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(value) || typeof value.summary !== 'string') return null;
  const success = isPlainObject(value.success) ? value.success : null;
  const verdict = success?.verdict;
  if (withVerdict && !(verdict === 'pass' || verdict === 'fail' || verdict === 'unclear')) return null;
  if (withData && value.data === undefined) return null;
  return {
    summary: value.summary,
    success: withVerdict ? (verdict as 'pass' | 'fail' | 'unclear') : null,
    success_reason: withVerdict && typeof success?.reason === 'string' ? success.reason : null,
    data: withData ? JSON.stringify(value.data) : null,
  };
}

/**
 * Limits of POST /api/webchats/summarize (README, "Knowledge base"). Text longer than one
 * request's budget is summarized in chunks, then the chunk summaries are summarized (map-reduce).
 */
import type { PerUserJobLimits } from '../core/PerUserJobLimits.js';

export interface SummarizeConfig extends PerUserJobLimits {
  /** Longest text accepted; longer answers 413. */
  maxInputChars: number;
  /** Characters of text sent in one request (about a quarter as many tokens). */
  chunkChars: number;
  /** Chunk requests in flight at once. */
  concurrency: number;
  /** Model used for summaries; the bot's own model is not part of the call (spec part 2 §7). */
  model: string;
  /** Tokens a chunk summary, and the final summary, may take. */
  chunkSummaryTokens: number;
  summaryTokens: number;
  /** One request to the model. */
  requestTimeoutMs: number;
}

export const SUMMARIZE_DEFAULTS: SummarizeConfig = {
  maxInputChars: 1_000_000,
  chunkChars: 40_000,
  concurrency: 3,
  model: 'gpt-4o-mini',
  chunkSummaryTokens: 700,
  summaryTokens: 1_200,
  requestTimeoutMs: 120_000,
  maxRunningPerUser: 2,
  rateLimit: { max: 30, windowMs: 10 * 60 * 1000 },
};

/**
 * Post-call analysis jobs (issue 21 part C; README "Post-call analysis"). ANALYSIS_MODEL,
 * ANALYSIS_JOBS_PER_USER, ANALYSIS_CONCURRENCY and ANALYSIS_MAX_ATTEMPTS come from the
 * environment (server/config.ts); the timings are fixed here and tests may override them.
 */
export interface AnalysisConfig {
  /** ANALYSIS_MODEL: the Chat Completions model that analyses (it must support structured outputs). */
  model: string;
  /** ANALYSIS_JOBS_PER_USER: one owner's analyses running at once, over all instances. */
  perUser: number;
  /** ANALYSIS_CONCURRENCY: analyses this instance runs at once, all owners together. */
  concurrency: number;
  /** ANALYSIS_MAX_ATTEMPTS: tries of one analysis when the provider fails, before it is failed. */
  maxAttempts: number;
  /** How often an instance looks for due jobs. */
  pollMs: number;
  /** The first retry's wait; each next one doubles, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /**
   * How long a claim holds: a job still running past it belongs to an instance that died and is
   * claimed again. Longer than one model call may take (requestTimeoutMs), so a live one never loses it.
   */
  leaseMs: number;
  requestTimeoutMs: number;
}

export const ANALYSIS_DEFAULTS: AnalysisConfig = {
  model: 'gpt-4o-mini',
  perUser: 2,
  concurrency: 4,
  maxAttempts: 5,
  pollMs: 2_000,
  backoffMs: 30_000,
  maxBackoffMs: 30 * 60_000,
  leaseMs: 5 * 60_000,
  requestTimeoutMs: 120_000,
};

/** The Analytics page (issue 21): aggregate figures over a range of days, for all or one agent or bot. */

/** GET /api/analytics query: days as YYYY-MM-DD in `tz` (an IANA zone), both included. */
export interface AnalyticsQuery {
  from: string;
  to: string;
  tz: string;
  agentId?: string;
  webchatId?: string;
}

/** The longest range one request may ask for, in days. */
export const ANALYTICS_MAX_DAYS = 366;

/** One day of the range (in the asked time zone). */
export interface AnalyticsDay {
  /** YYYY-MM-DD. */
  date: string;
  calls: number;
  /** Visitors' conversations started (test chats are left out). */
  chats: number;
  /** Seconds of the calls that started this day (ended ones). */
  callSeconds: number;
  /** Calls' model usage plus telephony, USD. */
  callCostUsd: number;
  /** Chat answers' model usage, USD. */
  chatCostUsd: number;
}

/** A latency percentile known to within its histogram bucket: from `fromMs` up to (not including) `toMs`. */
export interface LatencyBucket {
  fromMs: number;
  /** Null for the last, open-ended bucket. */
  toMs: number | null;
}

export interface AnalyticsTotals {
  calls: number;
  chats: number;
  callSeconds: number;
  callModelUsd: number;
  telephonyUsd: number;
  chatCostUsd: number;
  /** callModelUsd + telephonyUsd + chatCostUsd. */
  costUsd: number;
}

/** Post-call analysis verdicts of the range's calls and chats. */
export interface AnalyticsVerdicts {
  pass: number;
  fail: number;
  unclear: number;
  /** Calls and chats of the range with no verdict (analysis off, pending or failed). */
  notAnalysed: number;
  /** pass / (pass + fail); null when neither. */
  successRate: number | null;
}

/** Visitors' thumbs up and down on the range's bot answers (issue 25), of one bot when the report is. */
export interface AnalyticsFeedback {
  up: number;
  down: number;
  /** up / (up + down): the share of rated answers rated good; null when none was rated. */
  upShare: number | null;
}

export interface AnalyticsLatency {
  /** Agent turns measured (caller's end of speech → first agent audio). */
  turns: number;
  p50: LatencyBucket | null;
  p95: LatencyBucket | null;
}

/** GET /api/analytics answer. */
export interface AnalyticsReport {
  success: true;
  from: string;
  to: string;
  tz: string;
  totals: AnalyticsTotals;
  /** Every day of the range in order, days without activity as zeros. */
  days: AnalyticsDay[];
  verdicts: AnalyticsVerdicts;
  feedback: AnalyticsFeedback;
  latency: AnalyticsLatency;
  /** Calls and chats started in each hour of the day (index 0 = 00:00–00:59 in `tz`). */
  hours: number[];
  /** Models used in the range that the price table has no price for: their usage is not in the cost. */
  unpricedModels: string[];
}

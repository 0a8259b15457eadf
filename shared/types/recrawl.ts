/**
 * Re-crawl of a bot's website (issue 24, "Fresh") on the wire, snake_case like the bot:
 * GET/PUT /api/webchats/{id}/recrawl and POST /api/webchats/{id}/recrawl/run.
 */

export type RecrawlFrequency = 'off' | 'daily' | 'weekly';

/** How a re-crawl adds the pages it finds. */
export type RecrawlNewPages = 'selected' | 'excluded';

export interface RecrawlSettings {
  frequency: RecrawlFrequency;
  /** 0 = Sunday … 6 = Saturday; used when weekly. */
  weekday: number;
  /** 0–23, in `time_zone`. */
  hour: number;
  new_pages: RecrawlNewPages;
  /** Summarize the selected pages again after a re-crawl that changed something. */
  refresh_summary: boolean;
}

/** What the last re-crawl found ("N changed, M new, K gone"), and when it ended (ISO 8601). */
export interface RecrawlResult {
  at: string;
  changed: number;
  new: number;
  gone: number;
  /** Why the re-crawl (or its summary refresh) failed, or null. */
  error: string | null;
}

export interface RecrawlState {
  settings: RecrawlSettings;
  /** The zone the hour is in: the server keeps no time zone per user, so UTC. */
  time_zone: 'UTC';
  /** ISO 8601, null when no re-crawl is scheduled. */
  next_run_at: string | null;
  last: RecrawlResult | null;
  /** A re-crawl of this bot is under way on some instance. */
  running: boolean;
}

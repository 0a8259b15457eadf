/** Re-crawl settings' choices and defaults (issue 24), shared by the server's checks and the console's form. */
import type { RecrawlFrequency, RecrawlNewPages, RecrawlSettings } from './types/recrawl.js';

export const RECRAWL_FREQUENCIES: readonly RecrawlFrequency[] = ['off', 'daily', 'weekly'];

export const RECRAWL_NEW_PAGES: readonly RecrawlNewPages[] = ['selected', 'excluded'];

/** Weekday names by number, 0 = Sunday as JavaScript's Date counts them. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A bot that never set a schedule: no re-crawl; weekly would be Monday, at 03:00. */
export const DEFAULT_RECRAWL_SETTINGS: RecrawlSettings = {
  frequency: 'off',
  weekday: 1,
  hour: 3,
  new_pages: 'selected',
  refresh_summary: false,
};

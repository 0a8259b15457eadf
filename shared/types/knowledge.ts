import type { CrawlResult } from './webchat.js';

/**
 * Why a crawl stopped: it read every page it found, reached the page limit (more pages exist)
 * or the time limit (pages still loading are listed as failed), or its owner cancelled it.
 */
export type CrawlFinish = 'complete' | 'page_limit' | 'time_limit' | 'cancelled';

/** GET /api/webchats/crawl answer: the spec's crawl result (part 2 §3) and how the crawl went. */
export interface CrawlResponse extends CrawlResult {
  finish: CrawlFinish;
  /** Why each listed page has no content ('No content' in the console), by URL. */
  errors: Record<string, string>;
}

/** POST /api/webchats/summarize answer. */
export interface SummarizeResponse {
  summary: string;
}

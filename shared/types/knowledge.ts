/**
 * Why a crawl stopped: it read every page it found, reached the page limit (more pages exist)
 * or the time limit (pages still loading are listed as failed), or its owner cancelled it.
 */
export type CrawlFinish = 'complete' | 'page_limit' | 'time_limit' | 'cancelled';

/** GET /webchats/crawl answer (spec part 2 §3). */
export interface CrawlResult {
  urls: string[];
  content: Record<string, string>;
}

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

/** A crawled page kept with a bot (issue 9): its address, readable text ('' shows 'No content') and selection. */
export interface KnowledgePage {
  url: string;
  text: string;
  selected: boolean;
  /**
   * Answers only, and only when true: a re-crawl found the page gone (404/410 or no longer
   * linked). It has no text, is never searched, and goes when the operator removes it.
   */
  gone?: boolean;
}

/**
 * A bot's knowledge base on the wire, snake_case like the bot: part of the answers about one bot
 * (GET, POST and PUT /webchats/{id}), never of the list; a PUT or POST carrying it replaces it whole.
 */
export interface WebchatKnowledge {
  /** The website address as typed on the Knowledge Base tab. */
  site_url: string;
  /** In crawl order; only selected pages are searched when the bot answers. */
  pages: KnowledgePage[];
  summary: string;
}

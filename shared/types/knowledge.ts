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
  /** Each page's `<title>` by URL (issue 24), for pages that have one. */
  titles?: Record<string, string>;
}

/** POST /api/webchats/summarize answer. */
export interface SummarizeResponse {
  summary: string;
}

/** Where a knowledge entry came from: a crawled page, or a document the operator uploaded (issue 24). */
export type KnowledgeSourceKind = 'page' | 'document';

/**
 * An entry of a bot's knowledge: a crawled page (issue 9) with its address, or an uploaded document
 * (issue 24: `source_kind` 'document', `url` '', `file_name` its name); its readable text ('' shows
 * 'No content') and selection. Crawled pages leave `source_kind` and `file_name` out.
 */
export interface KnowledgePage {
  url: string;
  text: string;
  selected: boolean;
  /** The page's `<title>` from the crawl (issue 24: what an answer citing it shows); absent when none. */
  title?: string;
  /**
   * Answers only, and only when true: a re-crawl found the page gone (404/410 or no longer
   * linked). It has no text, is never searched, and goes when the operator removes it.
   */
  gone?: boolean;
  source_kind?: KnowledgeSourceKind;
  file_name?: string;
}

/** The kinds of file a document may be, told by its bytes (never its name). */
export type DocumentFormat = 'pdf' | 'docx' | 'html' | 'markdown' | 'text';

/** POST /api/webchats/documents answer: the file's text, for the bot's unsaved knowledge. */
export interface DocumentResponse {
  file_name: string;
  format: DocumentFormat;
  text: string;
  /** Pages of a PDF; null for other formats. */
  pages: number | null;
  /** The text was longer than the per-document limit and was cut to it. */
  truncated: boolean;
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

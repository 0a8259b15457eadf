import type { SuccessResponse } from '../types/api.js';
import type { CrawlResponse, SummarizeResponse } from '../types/knowledge.js';
import type { Request } from './request.js';

const enc = encodeURIComponent;

/**
 * A bot's knowledge base (spec part 2 §7): crawl a website, cancel a crawl, summarize text.
 * Pass a `crawlId` (newCrawlId()) to match the `crawl.progress` events of the real-time channel
 * and to cancel; a cancelled crawl answers what it crawled so far with `finish: 'cancelled'`.
 */
export function knowledgeApi(request: Request) {
  return {
    crawl: (url: string, options: { crawlId?: string; signal?: AbortSignal } = {}) =>
      request<CrawlResponse>('GET', '/webchats/crawl', {
        query: { url, crawlId: options.crawlId },
        signal: options.signal,
      }),
    cancelCrawl: (crawlId: string) => request<SuccessResponse>('DELETE', `/webchats/crawl/${enc(crawlId)}`),
    summarize: (text: string, options: { signal?: AbortSignal } = {}) =>
      request<SummarizeResponse>('POST', '/webchats/summarize', { body: { text }, signal: options.signal }),
  };
}

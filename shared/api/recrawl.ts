import type { RecrawlSettings, RecrawlState } from '../types/recrawl.js';
import type { Request } from './request.js';

const enc = encodeURIComponent;

/** Re-crawl of a bot's website (issue 24): its schedule and last result, and "Re-crawl now". */
export function recrawlApi(request: Request) {
  return {
    get: (webchatId: string) => request<RecrawlState>('GET', `/webchats/${enc(webchatId)}/recrawl`),
    save: (webchatId: string, settings: Partial<RecrawlSettings>) =>
      request<RecrawlState>('PUT', `/webchats/${enc(webchatId)}/recrawl`, { body: settings }),
    run: (webchatId: string) => request<RecrawlState>('POST', `/webchats/${enc(webchatId)}/recrawl/run`),
  };
}

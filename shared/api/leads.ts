import type { WebchatLeadsPage } from '../types/lead.js';
import type { Request, StreamRequest } from './request.js';

/** A bot's leads (issue 25): a page newest first, and every lead as CSV (its body not yet read). */
export function leadsApi(request: Request, stream: StreamRequest) {
  const base = (webchatId: string) => `/webchats/${encodeURIComponent(webchatId)}/leads`;
  return {
    list: (webchatId: string, page: number) => request<WebchatLeadsPage>('GET', base(webchatId), { query: { page } }),
    exportCsv: (webchatId: string, signal?: AbortSignal) => stream(`${base(webchatId)}/export`, { signal }),
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/index.js';
import { newCrawlId } from '../../../shared/knowledge.js';
import type { CrawlFinish } from '../../../shared/types/knowledge.js';
import { useToast } from '../../components/ToastProvider.js';
import { useApi } from '../../lib/ApiProvider.js';
import { serverErrorText } from '../../lib/errors.js';
import { isCrawlableUrl, isDocument, pagesFromCrawl } from './knowledge.js';
import { KNOWLEDGE_TEXTS as TEXTS } from './knowledgeTexts.js';
import type { UpdateKnowledge } from './useWebchatEditor.js';

export interface RunningCrawl {
  /** Matches the crawl's `crawl.progress` events and names it to the cancel route. */
  crawlId: string;
  cancelling: boolean;
}

/** How the last crawl went, for the list: why it stopped and why pages have no content. */
export interface CrawlReport {
  finish: CrawlFinish;
  errors: Record<string, string>;
}

/** The text under the URL field for an address the server refuses (bad, or private / local); null for other failures. */
function addressRefusal(code: string | undefined, reason: string | undefined): string | null {
  if (code === 'invalid_url') return TEXTS.invalidUrl;
  if (code === 'blocked_address') return reason ?? TEXTS.crawlFailed;
  return null;
}

/**
 * A website crawl of the Knowledge Base tab (issue 9). Held by the bot page, not the tab, so a
 * crawl goes on while another tab is open; its pages land in the form as unsaved edits. Leaving
 * the page aborts the request, and the server cancels a crawl whose client went away.
 */
export function useCrawl(siteUrl: string, updateKnowledge: UpdateKnowledge) {
  const api = useApi();
  const toast = useToast();
  const [url, setUrlState] = useState(siteUrl);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState<RunningCrawl | null>(null);
  const [report, setReport] = useState<CrawlReport | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const setUrl = useCallback((next: string) => {
    setUrlState(next);
    setUrlError(undefined);
  }, []);

  const start = async (): Promise<void> => {
    if (controller.current) return;
    const typed = url.trim();
    if (!isCrawlableUrl(typed)) {
      setUrlError(TEXTS.invalidUrl);
      return;
    }
    const crawlId = newCrawlId();
    const abort = new AbortController();
    controller.current = abort;
    setRunning({ crawlId, cancelling: false });
    setFailure(null);
    try {
      const result = await api.knowledge.crawl(typed, { crawlId, signal: abort.signal });
      if (abort.signal.aborted) return;
      const pages = pagesFromCrawl(result);
      if (pages.length > 0) {
        // The pages replace the crawled pages (spec part 2 §4); uploaded documents stay (issue 24),
        // and so does the summary until summarized again.
        updateKnowledge((current) => ({
          ...current,
          site_url: typed,
          pages: [...pages, ...current.pages.filter(isDocument)],
        }));
        setReport({ finish: result.finish, errors: result.errors ?? {} });
      }
      if (result.finish === 'cancelled')
        toast.show(pages.length > 0 ? TEXTS.cancelled(pages.length) : TEXTS.cancelledEmpty, { key: 'crawl' });
      else toast.success(TEXTS.crawled, { key: 'crawl' });
    } catch (error) {
      if (abort.signal.aborted) return;
      const reason = serverErrorText(error);
      // An address the server will not crawl is the field's to fix: said once, under it (issue 18),
      // not also in a callout and a notification.
      const refusal = error instanceof ApiError ? addressRefusal(error.code, reason) : null;
      if (refusal) {
        setUrlError(refusal);
        return;
      }
      const text = reason ? `${TEXTS.crawlFailed}: ${reason}` : TEXTS.crawlFailed;
      setFailure(text);
      toast.error(text, { key: 'crawl' });
    } finally {
      if (!abort.signal.aborted) {
        controller.current = null;
        setRunning(null);
      }
    }
  };

  const cancel = async (): Promise<void> => {
    if (!running || running.cancelling) return;
    setRunning({ ...running, cancelling: true });
    try {
      await api.knowledge.cancelCrawl(running.crawlId);
    } catch (error) {
      // 404: the crawl ended on its own meanwhile, and its answer is on the way.
      if (error instanceof ApiError && error.status === 404) return;
      setRunning((current) => (current?.crawlId === running.crawlId ? { ...current, cancelling: false } : current));
      toast.error(TEXTS.cancelFailed, { key: 'crawl-cancel' });
    }
  };

  return { url, setUrl, urlError, failure, running, report, start, cancel };
}

export type CrawlControls = ReturnType<typeof useCrawl>;

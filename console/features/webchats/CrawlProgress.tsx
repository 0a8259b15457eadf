import { Button, Flex, Progress, Text, VisuallyHidden } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import type { CrawlProgressEvent } from '../../../shared/protocol.js';
import { useRealtime } from '../../app/RealtimeProvider.js';
import { KNOWLEDGE_TEXTS as TEXTS } from './knowledgeTexts.js';
import type { RunningCrawl } from './useCrawl.js';

type Counts = Pick<CrawlProgressEvent, 'pagesDone' | 'pagesFound' | 'currentUrl'>;

/** Frames arrive narrowed by type only (shared/protocol.ts); the numbers are checked here. */
function countsOf(event: CrawlProgressEvent): Counts | null {
  const { pagesDone, pagesFound, currentUrl } = event;
  if (!Number.isFinite(pagesDone) || !Number.isFinite(pagesFound) || pagesDone < 0 || pagesFound < 0) return null;
  return {
    pagesDone,
    pagesFound: Math.max(pagesFound, pagesDone),
    currentUrl: typeof currentUrl === 'string' ? currentUrl : null,
  };
}

/** Screen readers hear the count at most this often; the bar itself always holds the latest. */
const ANNOUNCE_EVERY_MS = 3000;

export interface CrawlProgressProps {
  crawl: RunningCrawl;
  onCancel: () => void;
}

/**
 * A running crawl (issue 9): pages done of pages found and the address being read, fed by the
 * crawl's own `crawl.progress` events on the console's one socket, and its Cancel button. The
 * counts live here, not in the page, so ten events a second re-render this box only.
 */
export function CrawlProgress({ crawl, onCancel }: CrawlProgressProps) {
  const { on, status } = useRealtime();
  const [counts, setCounts] = useState<Counts | null>(null);
  const [announced, setAnnounced] = useState<string>(TEXTS.starting);
  const lastAnnounced = useRef(0);

  useEffect(
    () =>
      on('crawl.progress', (event) => {
        if (event.crawlId !== crawl.crawlId) return;
        const next = countsOf(event);
        if (!next) return;
        setCounts(next);
        const now = Date.now();
        if (now - lastAnnounced.current >= ANNOUNCE_EVERY_MS) {
          lastAnnounced.current = now;
          setAnnounced(TEXTS.progress(next.pagesDone, next.pagesFound));
        }
      }),
    [on, crawl.crawlId],
  );

  const label = counts ? TEXTS.progress(counts.pagesDone, counts.pagesFound) : TEXTS.starting;
  return (
    <Flex direction="column" gap="2" data-testid="crawl-progress">
      <Progress
        aria-label={TEXTS.progressLabel}
        value={counts ? counts.pagesDone : null}
        max={Math.max(counts?.pagesFound ?? 1, 1)}
        getValueLabel={() => label}
      />
      <Flex justify="between" align="center" gap="3">
        <Flex direction="column" gap="1" minWidth="0">
          <Text size="2" aria-hidden="true">
            {label}
          </Text>
          {counts?.currentUrl ? (
            <Text size="1" color="gray" className="sb-kb-current-url" title={counts.currentUrl}>
              {counts.currentUrl}
            </Text>
          ) : null}
          {status !== 'open' ? (
            <Text size="1" color="gray">
              {TEXTS.offline}
            </Text>
          ) : null}
        </Flex>
        <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={crawl.cancelling}>
          {crawl.cancelling ? TEXTS.cancelling : TEXTS.cancel}
        </Button>
      </Flex>
      <VisuallyHidden>
        <span role="status">{announced}</span>
      </VisuallyHidden>
    </Flex>
  );
}

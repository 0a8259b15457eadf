import { Callout, Flex, Text } from '@radix-ui/themes';
import { useCallback } from 'react';
import type { KnowledgePage } from '../../../shared/types/knowledge.js';
import { CrawledPageItem } from './CrawledPageItem.js';
import { KNOWLEDGE_TEXTS as TEXTS } from './knowledgeTexts.js';
import type { CrawlReport } from './useCrawl.js';
import type { UpdateKnowledge } from './useWebchatEditor.js';

export interface CrawledPagesListProps {
  pages: readonly KnowledgePage[];
  report: CrawlReport | null;
  updateKnowledge: UpdateKnowledge;
  disabled: boolean;
}

/** The crawled pages (spec part 2 §2), at most 400 px high and scrolling (§9). */
export function CrawledPagesList({ pages, report, updateKnowledge, disabled }: CrawledPagesListProps) {
  const toggle = useCallback(
    (url: string, selected: boolean) =>
      updateKnowledge((current) => ({
        ...current,
        pages: current.pages.map((page) => (page.url === url ? { ...page, selected } : page)),
      })),
    [updateKnowledge],
  );
  const remove = useCallback(
    (url: string) =>
      updateKnowledge((current) => ({ ...current, pages: current.pages.filter((page) => page.url !== url) })),
    [updateKnowledge],
  );

  if (pages.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        {TEXTS.noPages}
      </Text>
    );
  }
  const note =
    report && report.finish !== 'complete' && report.finish !== 'cancelled' ? TEXTS.finish[report.finish] : null;
  return (
    <Flex direction="column" gap="3">
      {note ? (
        <Callout.Root color="amber" size="1">
          <Callout.Text>{note}</Callout.Text>
        </Callout.Root>
      ) : null}
      {/* Each row's switch takes focus, so the keyboard scrolls the list through them. */}
      <ul className="sb-plain-list sb-kb-pages" aria-label={TEXTS.listLabel}>
        {pages.map((page) => (
          <CrawledPageItem
            key={page.url}
            page={page}
            error={report?.errors[page.url]}
            onToggle={toggle}
            onRemove={remove}
            disabled={disabled}
          />
        ))}
      </ul>
    </Flex>
  );
}

import { Callout, Flex, Text } from '@radix-ui/themes';
import { useCallback, useState } from 'react';
import type { KnowledgePage } from '../../../shared/types/knowledge.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { CrawledPageItem } from './CrawledPageItem.js';
import { DocumentItem } from './DocumentItem.js';
import { DOCUMENT_TEXTS as DOCS } from './documentTexts.js';
import { entryKey, isDocument } from './knowledge.js';
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
  // Keyed by entryKey: a page's address or a document's file name.
  const toggle = useCallback(
    (key: string, selected: boolean) =>
      updateKnowledge((current) => ({
        ...current,
        pages: current.pages.map((page) => (entryKey(page) === key ? { ...page, selected } : page)),
      })),
    [updateKnowledge],
  );
  const [deleting, setDeleting] = useState<KnowledgePage | null>(null);
  const remove = (doomed: KnowledgePage) => {
    const key = entryKey(doomed);
    updateKnowledge((current) => ({ ...current, pages: current.pages.filter((page) => entryKey(page) !== key) }));
    setDeleting(null);
  };
  const removeGone = useCallback(
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
        {pages.map((page) =>
          isDocument(page) ? (
            <DocumentItem
              key={entryKey(page)}
              page={page}
              onToggle={toggle}
              onDelete={setDeleting}
              disabled={disabled}
            />
          ) : (
            <CrawledPageItem
              key={page.url}
              page={page}
              error={report?.errors[page.url]}
              onToggle={toggle}
              onRemove={removeGone}
              disabled={disabled}
            />
          ),
        )}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={DOCS.deleteTitle}
        description={deleting ? DOCS.deleteText(deleting.file_name ?? '') : ''}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </Flex>
  );
}

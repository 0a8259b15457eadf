import { Button, Callout, Flex } from '@radix-ui/themes';
import { useCallback, useMemo } from 'react';
import { USER_QUOTAS } from '../../../shared/limits.js';
import { CopyButton } from '../../components/CopyButton.js';
import { FormSection } from '../../components/FormSection.js';
import { useToast } from '../../components/ToastProvider.js';
import { CrawledPagesList } from './CrawledPagesList.js';
import { CrawlForm } from './CrawlForm.js';
import { DocumentsDrop } from './DocumentsDrop.js';
import { isDocument, selectedContent, utf8Bytes } from './knowledge.js';
import { KNOWLEDGE_TEXTS as TEXTS } from './knowledgeTexts.js';
import { RecrawlSection } from './RecrawlSection.js';
import { SelectedContentPreview } from './SelectedContentPreview.js';
import { SummaryBox } from './SummaryBox.js';
import type { CrawlControls } from './useCrawl.js';
import type { DocumentControls } from './useDocuments.js';
import type { SummarizeControls } from './useSummarize.js';
import type { WebchatFormBinding } from './useWebchatEditor.js';

export interface KnowledgeBaseTabProps extends Pick<WebchatFormBinding, 'values' | 'updateKnowledge' | 'disabled'> {
  crawl: CrawlControls;
  summarizer: SummarizeControls;
  documents: DocumentControls;
  /** The saved bot's id (null while it is being created): re-crawls need a saved bot. */
  webchatId?: string | null;
}

/**
 * Knowledge Base (spec part 2 §2, issue 9): crawl the website, choose the pages, summarize them.
 * Everything here is an unsaved edit of the bot until Save Changes / Create Bot.
 */
export function KnowledgeBaseTab({
  values,
  updateKnowledge,
  disabled,
  crawl,
  summarizer,
  documents,
  webchatId = null,
}: KnowledgeBaseTabProps) {
  const toast = useToast();
  const { pages } = values.knowledge;
  const content = useMemo(() => selectedContent(pages), [pages]);
  const pageBytes = useMemo(() => pages.reduce((sum, page) => sum + utf8Bytes(page.text), 0), [pages]);
  const bytes = pageBytes + utf8Bytes(values.knowledge.summary);
  // Documents have a quota of their own (useDocuments refuses files past it).
  const crawledPages = pages.filter((page) => !isDocument(page)).length;
  const overLimit = crawledPages > USER_QUOTAS.knowledgePagesPerWebchat || bytes > USER_QUOTAS.knowledgeBytesPerWebchat;
  const selected = pages.filter((page) => page.selected).length;
  const crawling = crawl.running !== null;
  const setSummary = useCallback(
    (text: string) => updateKnowledge((current) => ({ ...current, summary: text })),
    [updateKnowledge],
  );

  return (
    <Flex direction="column" gap="4">
      <CrawlForm crawl={crawl} disabled={disabled || summarizer.summarizing} />
      <RecrawlSection webchatId={webchatId} disabled={disabled || crawling} />
      <DocumentsDrop documents={documents} disabled={disabled} />
      <FormSection title={TEXTS.counter(selected, pages.length)}>
        {overLimit ? (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Text>
              {TEXTS.overLimit(
                crawledPages,
                bytes,
                USER_QUOTAS.knowledgePagesPerWebchat,
                USER_QUOTAS.knowledgeBytesPerWebchat,
              )}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        <CrawledPagesList
          pages={pages}
          report={crawl.report}
          updateKnowledge={updateKnowledge}
          disabled={disabled || crawling || summarizer.summarizing}
        />
        {pages.length > 0 ? (
          <>
            <Flex gap="2" wrap="wrap">
              <Button
                type="button"
                onClick={() => void summarizer.summarize(content)}
                disabled={disabled || crawling}
                loading={summarizer.summarizing}
              >
                {TEXTS.summarize}
              </Button>
              <CopyButton
                text={content}
                label={TEXTS.copyContent}
                disabled={content === ''}
                onCopied={(ok) => (ok ? toast.success(TEXTS.contentCopied) : toast.error(TEXTS.contentCopyFailed))}
              />
            </Flex>
            <SelectedContentPreview content={content} />
          </>
        ) : null}
      </FormSection>
      <SummaryBox
        summary={values.knowledge.summary}
        onChange={setSummary}
        keyProblem={summarizer.keyProblem}
        disabled={disabled || summarizer.summarizing}
      />
    </Flex>
  );
}

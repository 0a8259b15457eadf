import { Box, Button, Callout, Flex } from '@radix-ui/themes';
import { FormSection } from '../../components/FormSection.js';
import { TextInput } from '../../components/TextInput.js';
import { CrawlProgress } from './CrawlProgress.js';
import { KNOWLEDGE_TEXTS as TEXTS } from './knowledgeTexts.js';
import type { CrawlControls } from './useCrawl.js';

export interface CrawlFormProps {
  crawl: CrawlControls;
  /** Saving or summarizing: a crawl would race them. */
  disabled: boolean;
}

/** 'Website URL' and 'Crawl Website' (spec part 2 §2), the running crawl and why the last one failed. */
export function CrawlForm({ crawl, disabled }: CrawlFormProps) {
  const busy = crawl.running !== null;
  return (
    <FormSection title={TEXTS.siteHeading} description={TEXTS.siteIntro}>
      {/* Not a nested form: the tab sits inside the bot's form, so Enter is handled here. */}
      <Flex gap="3" direction={{ initial: 'column', xs: 'row' }} align={{ initial: 'stretch', xs: 'start' }}>
        <Box
          flexGrow="1"
          minWidth="0"
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (!busy && !disabled) void crawl.start();
          }}
        >
          <TextInput
            label={TEXTS.urlLabel}
            value={crawl.url}
            onChange={crawl.setUrl}
            placeholder={TEXTS.urlPlaceholder}
            error={crawl.urlError}
            disabled={busy}
          />
        </Box>
        <Button
          type="button"
          className="sb-kb-crawl-button"
          onClick={() => void crawl.start()}
          disabled={busy || disabled}
          loading={busy}
        >
          {TEXTS.crawl}
        </Button>
      </Flex>
      {crawl.running ? <CrawlProgress crawl={crawl.running} onCancel={() => void crawl.cancel()} /> : null}
      {crawl.failure && !busy ? (
        <Callout.Root color="red" size="1">
          <Callout.Text className="sb-kb-wrap">{crawl.failure}</Callout.Text>
        </Callout.Root>
      ) : null}
    </FormSection>
  );
}

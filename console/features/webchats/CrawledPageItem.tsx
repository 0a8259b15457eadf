import { Badge, Button, Flex, Link, Switch, Text } from '@radix-ui/themes';
import { memo } from 'react';
import type { KnowledgePage } from '../../../shared/types/knowledge.js';
import { hasContent } from './knowledge.js';
import { KNOWLEDGE_TEXTS as TEXTS } from './knowledgeTexts.js';
import { RECRAWL_TEXTS } from './recrawlTexts.js';

export interface CrawledPageItemProps {
  page: KnowledgePage;
  /** Why the last crawl got no content from this page, when it said. */
  error: string | undefined;
  onToggle: (url: string, selected: boolean) => void;
  /** Takes a page a re-crawl found gone off the list (saved with the bot). */
  onRemove: (url: string) => void;
  disabled: boolean;
}

/**
 * One crawled page (spec part 2 §2): its Selected/Excluded switch, named with the address so a
 * screen reader tells the rows apart, and its character count or 'No content'. Memoised: pages an
 * edit did not touch keep their objects, so a toggle re-renders one row of up to 200.
 */
export const CrawledPageItem = memo(function CrawledPageItem({
  page,
  error,
  onToggle,
  onRemove,
  disabled,
}: CrawledPageItemProps) {
  const content = hasContent(page);
  return (
    <li className="sb-kb-page" data-excluded={page.selected ? undefined : ''}>
      <Flex gap="3" align="start">
        <Switch
          checked={page.selected}
          onCheckedChange={(selected) => onToggle(page.url, selected)}
          disabled={disabled || page.gone === true}
          aria-label={TEXTS.toggle(page.url)}
        />
        {/* The address gets the row's width: on a phone it is most of what there is to read. */}
        <Flex direction="column" gap="1" minWidth="0">
          <Text size="2" className="sb-kb-wrap">
            <Link href={page.url} target="_blank" rel="noopener noreferrer" color={page.selected ? undefined : 'gray'}>
              {page.url}
            </Link>
          </Text>
          <Flex gap="2" align="center" wrap="wrap">
            {/* The switch's state in words; the switch itself already says it to screen readers. */}
            <Badge color={page.selected ? 'green' : 'gray'} variant="soft" aria-hidden="true">
              {page.selected ? TEXTS.selected : TEXTS.excluded}
            </Badge>
            {page.gone ? (
              <>
                <Badge color="red" variant="soft">
                  {RECRAWL_TEXTS.gone}
                </Badge>
                <Button
                  type="button"
                  size="1"
                  variant="ghost"
                  color="red"
                  onClick={() => onRemove(page.url)}
                  disabled={disabled}
                  aria-label={RECRAWL_TEXTS.removeLabel(page.url)}
                >
                  {RECRAWL_TEXTS.remove}
                </Button>
              </>
            ) : null}
            <Text size="1" color={content ? 'gray' : 'amber'} className="sb-kb-wrap">
              {content ? TEXTS.characters(page.text.length) : error ? `${TEXTS.noContent} (${error})` : TEXTS.noContent}
            </Text>
          </Flex>
        </Flex>
      </Flex>
    </li>
  );
});

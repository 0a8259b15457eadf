import { Badge, Button, Flex, Switch, Text } from '@radix-ui/themes';
import { memo } from 'react';
import type { KnowledgePage } from '../../../shared/types/knowledge.js';
import { DOCUMENT_TEXTS as DOCS } from './documentTexts.js';
import { entryKey } from './knowledge.js';
import { KNOWLEDGE_TEXTS as TEXTS } from './knowledgeTexts.js';

export interface DocumentItemProps {
  page: KnowledgePage;
  onToggle: (key: string, selected: boolean) => void;
  onDelete: (page: KnowledgePage) => void;
  disabled: boolean;
}

/**
 * One uploaded document among the crawled pages (issue 24): the same Selected/Excluded switch and
 * character count, its file name instead of a link (a document has no address), and Delete.
 */
export const DocumentItem = memo(function DocumentItem({ page, onToggle, onDelete, disabled }: DocumentItemProps) {
  const name = page.file_name ?? '';
  return (
    <li className="sb-kb-page" data-excluded={page.selected ? undefined : ''}>
      <Flex gap="3" align="start">
        <Switch
          checked={page.selected}
          onCheckedChange={(selected) => onToggle(entryKey(page), selected)}
          disabled={disabled}
          aria-label={DOCS.toggle(name)}
        />
        <Flex direction="column" gap="1" minWidth="0" flexGrow="1">
          <Text size="2" weight="medium" className="sb-kb-wrap" color={page.selected ? undefined : 'gray'}>
            {name}
          </Text>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color="blue" variant="soft">
              {DOCS.badge}
            </Badge>
            <Badge color={page.selected ? 'green' : 'gray'} variant="soft" aria-hidden="true">
              {page.selected ? TEXTS.selected : TEXTS.excluded}
            </Badge>
            <Text size="1" color="gray">
              {TEXTS.characters(page.text.length)}
            </Text>
          </Flex>
        </Flex>
        <Button
          type="button"
          size="1"
          variant="soft"
          color="red"
          onClick={() => onDelete(page)}
          disabled={disabled}
          aria-label={DOCS.delete(name)}
        >
          Delete
        </Button>
      </Flex>
    </li>
  );
});

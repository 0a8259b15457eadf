import { Flex, Link, Text } from '@radix-ui/themes';
import { WEB_LINK } from '../../../../shared/markdown/markdownParser.js';
import type { ChatSource } from '../../../../shared/types/chat.js';
import { CONVERSATION_TEXTS } from './conversationTexts.js';

/**
 * The knowledge an answer cited (issue 24), under it as the visitor saw it: a page's title (or
 * address) linking to it in a new tab, http(s) only; a document (no address) by its name, as text.
 */
export function AnswerSourcesLine({ sources }: { sources: ChatSource[] | undefined }) {
  if (!sources?.length) return null;
  return (
    <Flex gap="2" wrap="wrap" align="baseline" mt="2" className="sb-answer-sources">
      <Text size="1" color="gray">
        {CONVERSATION_TEXTS.sources}
      </Text>
      {sources.map((source) => (
        <Text key={`${source.page}.${source.passage}`} size="1">
          {WEB_LINK.test(source.url) ? (
            <Link href={source.url} target="_blank" rel="noopener noreferrer">
              {source.label || source.url}
            </Link>
          ) : (
            source.label || source.url
          )}
        </Text>
      ))}
    </Flex>
  );
}

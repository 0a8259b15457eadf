import { Badge, Card, Flex, Text } from '@radix-ui/themes';
import { formatPhone } from '../../../../shared/format.js';
import type { HistoryResult } from '../../../../shared/types/history.js';
import { HighlightedText } from '../../../components/HighlightedText.js';
import { OpenLink } from '../../../components/OpenLink.js';
import { useSessionLinkState } from '../sessionsBack.js';
import { SEARCH_TEXTS } from './searchTexts.js';

/** Where a result belongs: a call's Session detail, or the chat open in its bot's Conversations tab. */
export function resultPath(result: HistoryResult): string {
  if (result.kind === 'call') return `/sessions/${encodeURIComponent(result.id)}`;
  const params = new URLSearchParams({ tab: 'conversations', conversation: result.id });
  return `/webchats/${encodeURIComponent(result.sourceId)}?${params}`;
}

/** One result: kind, agent or bot, when, the number, and the matched words in their sentence. */
export function HistoryResultItem({ result }: { result: HistoryResult }) {
  const when = new Date(result.hit?.at ?? result.startedAt).toLocaleString();
  const title = `${result.sourceName} · ${when}`;
  const number = result.kind === 'call' ? formatPhone(result.fromNumber) || 'Unknown' : null;
  const back = useSessionLinkState();
  return (
    <Card asChild size="2">
      <li className="sb-result" data-kind={result.kind}>
        <Flex direction="column" gap="2">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color={result.kind === 'call' ? 'blue' : 'violet'} variant="soft">
              {result.kind === 'call' ? SEARCH_TEXTS.call : SEARCH_TEXTS.chat}
            </Badge>
            <OpenLink
              to={resultPath(result)}
              state={result.kind === 'call' ? back : undefined}
              text={title}
              action={SEARCH_TEXTS.open(result.kind)}
              weight="medium"
            />
            {number ? (
              <Text size="2" color="gray">
                {number}
              </Text>
            ) : null}
          </Flex>
          {result.hit ? (
            <Text as="p" size="2" className="sb-result-snippet">
              <Text weight="bold">{SEARCH_TEXTS.speakers[result.hit.speaker]}: </Text>
              <HighlightedText segments={result.hit.snippet} />
            </Text>
          ) : (
            <Text as="p" size="2" color="gray">
              {result.messageCount} messages
            </Text>
          )}
        </Flex>
      </li>
    </Card>
  );
}

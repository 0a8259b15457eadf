import { Badge, Box, Flex, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState.js';
import { ErrorCallout } from '../../../components/ErrorCallout.js';
import { ExportMenu } from '../../../components/ExportMenu.js';
import { LoadingState } from '../../../components/LoadingState.js';
import { RefreshButton } from '../../../components/RefreshButton.js';
import { SortOrderButton } from '../../../components/SortOrderButton.js';
import { TablePagination } from '../../../components/TablePagination.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { type ConversationsListQuery, useConversations } from './api.js';
import { ConversationTable } from './ConversationTable.js';
import { CONVERSATION_TEXTS } from './conversationTexts.js';
import { RetentionNote } from './RetentionNote.js';
import { TAKEOVER_TEXTS } from './takeoverTexts.js';

export interface ConversationListProps {
  webchatId: string;
  botName: string;
  /** The page shown; kept by the tab so it survives opening a conversation and coming back. */
  query: ConversationsListQuery;
  onQueryChange: (query: ConversationsListQuery) => void;
}

/** The bot's conversations, newest first, paged like the Ended table, with refresh and export. */
export function ConversationList({ webchatId, botName, query, onQueryChange }: ConversationListProps) {
  const api = useApi();
  const list = useConversations(webchatId, query);
  const page = list.data;
  const waiting = page?.conversations.filter((c) => c.waitingSince && !c.operatorId).length ?? 0;

  let body: ReactNode;
  if (list.error && !page) body = <ErrorCallout>{CONVERSATION_TEXTS.loadFailed}</ErrorCallout>;
  else if (!page) body = <LoadingState label={CONVERSATION_TEXTS.loading} />;
  else if (page.total === 0)
    body = <EmptyState title={CONVERSATION_TEXTS.empty} description={CONVERSATION_TEXTS.emptyHint} />;
  else
    body = (
      <Box aria-busy={list.isValidating} className="sb-conversations-busy">
        <ConversationTable conversations={page.conversations} order={query.order} />
        <TablePagination
          limit={query.limit}
          offset={query.offset}
          total={page.total}
          onChange={(next) => onQueryChange({ ...query, ...next })}
        />
      </Box>
    );

  return (
    <Flex asChild direction="column" gap="3">
      <section aria-labelledby="sb-conversations-title">
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h2" size="4" id="sb-conversations-title">
              {CONVERSATION_TEXTS.heading}
              {page ? ` (${page.total})` : ''}
            </Heading>
            {waiting > 0 ? (
              <Badge color="orange" size="2">
                {TAKEOVER_TEXTS.waitingCount(waiting)}
              </Badge>
            ) : null}
          </Flex>
          <Flex gap="2" align="start" wrap="wrap">
            <SortOrderButton
              order={query.order}
              onChange={(order) => onQueryChange({ ...query, order, offset: 0 })}
              labels={{ desc: CONVERSATION_TEXTS.newestFirst, asc: CONVERSATION_TEXTS.oldestFirst }}
            />
            <RefreshButton
              label={CONVERSATION_TEXTS.refresh}
              busy={list.isValidating}
              onClick={() => void list.mutate()}
            />
            <ExportMenu
              label={CONVERSATION_TEXTS.exportLabel}
              nouns={CONVERSATION_TEXTS.nouns}
              fallbackName={`conversations-${botName}`}
              disabled={!page || page.total === 0}
              open={(format, signal) => api.history.exportConversations(webchatId, format, signal)}
            />
          </Flex>
        </Flex>
        {page ? (
          <RetentionNote keepHistoryDays={page.keepHistoryDays} retentionSeconds={page.retentionSeconds} />
        ) : null}
        {body}
      </section>
    </Flex>
  );
}

import { Badge, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ConversationSummary } from '../../../../shared/types/history.js';
import { OpenLink } from '../../../components/OpenLink.js';
import { FeedbackCounts } from '../FeedbackCounts.js';
import { HandoffBadge } from './HandoffBadge.js';
import { TestBadge } from './TestBadge.js';
import '../../../components/stackTable.css';
import { conversationSearch } from './conversationSearch.js';
import { CONVERSATION_TEXTS } from './conversationTexts.js';

const COLUMNS = CONVERSATION_TEXTS.columns;
const when = (ms: number) => new Date(ms).toLocaleString();

export interface ConversationTableProps {
  conversations: ConversationSummary[];
  order: 'asc' | 'desc';
}

/**
 * Started, Last message, Messages, First question. A click on a row opens the conversation; for
 * the keyboard the start time is the link to it. On phones each row is a card (stackTable.css).
 */
export function ConversationTable({ conversations, order }: ConversationTableProps) {
  const navigate = useNavigate();
  const open = (id: string) => (event: MouseEvent) => {
    if ((event.target as Element).closest('a, button')) return;
    navigate({ search: conversationSearch(id) });
  };
  return (
    <Table.Root variant="surface" className="sb-phone-cards sb-stack-table sb-conversations-table">
      <VisuallyHidden asChild>
        <caption>{CONVERSATION_TEXTS.heading}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell aria-sort={order === 'asc' ? 'ascending' : 'descending'}>
            {COLUMNS.started}
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{COLUMNS.lastMessage}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{COLUMNS.messages}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{COLUMNS.firstQuestion}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {conversations.map((conversation) => {
          const started = when(conversation.startedAt);
          return (
            <Table.Row
              key={conversation.id}
              className="sb-conversation-row"
              onClick={open(conversation.id)}
              data-conversation-id={conversation.id}
            >
              <Table.RowHeaderCell data-label={COLUMNS.started}>
                <OpenLink
                  to={{ search: conversationSearch(conversation.id) }}
                  text={started}
                  action={CONVERSATION_TEXTS.openConversation}
                  weight="medium"
                />
                {conversation.test ? (
                  <>
                    {' '}
                    <TestBadge />
                  </>
                ) : null}
              </Table.RowHeaderCell>
              <Table.Cell data-label={COLUMNS.lastMessage}>
                {when(conversation.lastMessageAt)}{' '}
                {conversation.active ? (
                  <Badge color="green" variant="soft">
                    {CONVERSATION_TEXTS.active}
                  </Badge>
                ) : null}
                <HandoffBadge conversation={conversation} />
              </Table.Cell>
              <Table.Cell data-label={COLUMNS.messages}>
                <Flex gap="3" align="center" wrap="wrap">
                  <Text>{conversation.messageCount}</Text>
                  {conversation.feedback ? <FeedbackCounts counts={conversation.feedback} /> : null}
                </Flex>
              </Table.Cell>
              <Table.Cell data-label={COLUMNS.firstQuestion} className="sb-first-question">
                {conversation.firstQuestion ? (
                  <Text>{conversation.firstQuestion}</Text>
                ) : (
                  <Text color="gray">{CONVERSATION_TEXTS.notKept}</Text>
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}

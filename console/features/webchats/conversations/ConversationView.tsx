import { Badge, Card, DataList, Flex, Heading, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { type ReactNode, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatTime } from '../../../../shared/format.js';
import type { ConversationMessage } from '../../../../shared/types/history.js';
import { ErrorCallout } from '../../../components/ErrorCallout.js';
import { ArrowLeftIcon } from '../../../components/icons.js';
import { LoadingState } from '../../../components/LoadingState.js';
import { ToolCallDialog, type ToolCallView } from '../../../components/ToolCallDialog.js';
import { useConversation } from './api.js';
import { ConversationAnalysisCard } from './ConversationAnalysisCard.js';
import { ConversationFiguresItems } from './ConversationFiguresItems.js';
import { ConversationMessageItem } from './ConversationMessageItem.js';
import { conversationSearch } from './conversationSearch.js';
import { CONVERSATION_TEXTS } from './conversationTexts.js';
import { RetentionNote } from './RetentionNote.js';
import { TakeoverCard } from './TakeoverCard.js';
import { TestBadge } from './TestBadge.js';

const toolView = (message: ConversationMessage): ToolCallView | null =>
  message.tool
    ? {
        name: message.tool.name,
        description: CONVERSATION_TEXTS.toolCallAt(formatTime(message.createdAt), message.tool.isError),
        arguments: message.tool.arguments,
        output: message.tool.output,
        failed: message.tool.isError,
      }
    : null;

/**
 * One conversation (issue 11): when, how many messages, and the whole exchange kept, a tool call
 * opening the same dialog as a call's function message. Its address is the tab's with
 * `&conversation=<id>`, so it can be reloaded, shared and left with Back.
 */
export function ConversationView({ webchatId, conversationId }: { webchatId: string; conversationId: string }) {
  const detail = useConversation(webchatId, conversationId);
  const [opened, setOpened] = useState<ToolCallView | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (message: ConversationMessage, from: HTMLElement) => {
    opener.current = from;
    setOpened(toolView(message));
  };

  let body: ReactNode;
  if (detail.error) body = <ErrorCallout>{CONVERSATION_TEXTS.detailFailed}</ErrorCallout>;
  else if (detail.data === undefined) body = <LoadingState label={CONVERSATION_TEXTS.loadingDetail} />;
  else if (detail.data === null) body = <ErrorCallout>{CONVERSATION_TEXTS.notFound}</ErrorCallout>;
  else {
    const { conversation, messages, retentionSeconds, keepHistoryDays } = detail.data;
    body = (
      <Flex direction="column" gap="3">
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
          <DataList.Item>
            <DataList.Label>{CONVERSATION_TEXTS.columns.started}</DataList.Label>
            <DataList.Value>{new Date(conversation.startedAt).toLocaleString()}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{CONVERSATION_TEXTS.columns.lastMessage}</DataList.Label>
            <DataList.Value>
              <Flex gap="2" align="center" wrap="wrap">
                {new Date(conversation.lastMessageAt).toLocaleString()}
                {conversation.active ? <Badge color="green">{CONVERSATION_TEXTS.active}</Badge> : null}
                {conversation.test ? <TestBadge /> : null}
              </Flex>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{CONVERSATION_TEXTS.columns.messages}</DataList.Label>
            <DataList.Value>{conversation.messageCount}</DataList.Value>
          </DataList.Item>
          <ConversationFiguresItems figures={detail.data.figures} />
        </DataList.Root>
        {conversation.active ? null : <ConversationAnalysisCard conversationId={conversation.id} />}
        {conversation.active && !conversation.test ? (
          <TakeoverCard webchatId={webchatId} conversation={conversation} onChanged={() => detail.mutate()} />
        ) : null}
        {messages.length === 0 ? (
          <RetentionNote keepHistoryDays={keepHistoryDays} retentionSeconds={retentionSeconds} />
        ) : null}
        <Card size="2">
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3" id="sb-conversation-messages">
              {CONVERSATION_TEXTS.exchange}
            </Heading>
            <Flex
              direction="column"
              gap="3"
              role="log"
              aria-labelledby="sb-conversation-messages"
              className="sb-chat-log"
              tabIndex={0}
            >
              {messages.length === 0 ? (
                <Text as="p" color="gray" align="center" my="4">
                  {CONVERSATION_TEXTS.noMessages}
                </Text>
              ) : (
                messages.map((message) => (
                  <ConversationMessageItem key={message.id} message={message} onOpenTool={open} />
                ))
              )}
            </Flex>
          </Flex>
        </Card>
      </Flex>
    );
  }

  return (
    <Flex asChild direction="column" gap="3">
      <section aria-labelledby="sb-conversation-title">
        <Flex align="center" gap="2">
          <Tooltip content={CONVERSATION_TEXTS.back}>
            <IconButton asChild variant="ghost" color="gray" aria-label={CONVERSATION_TEXTS.back}>
              <RouterLink to={{ search: conversationSearch() }}>
                <ArrowLeftIcon width="18" height="18" />
              </RouterLink>
            </IconButton>
          </Tooltip>
          <Heading as="h2" size="4" id="sb-conversation-title">
            {CONVERSATION_TEXTS.detailHeading}
          </Heading>
        </Flex>
        {body}
        <ToolCallDialog call={opened} returnFocusTo={opener} onClose={() => setOpened(null)} />
      </section>
    </Flex>
  );
}

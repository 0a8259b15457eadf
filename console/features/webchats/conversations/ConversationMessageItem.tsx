import { Button, Flex, Text } from '@radix-ui/themes';
import { formatTime } from '../../../../shared/format.js';
import type { ConversationMessage } from '../../../../shared/types/history.js';
import { WrenchIcon } from '../../../components/icons.js';
import { MarkdownText } from '../../../components/MarkdownText.js';
import { AnswerFeedbackLine } from './AnswerFeedbackLine.js';
import { AnswerFiguresLine } from './AnswerFiguresLine.js';
import { AnswerSourcesLine } from './AnswerSourcesLine.js';
import { CONVERSATION_TEXTS } from './conversationTexts.js';
import { TAKEOVER_TEXTS } from './takeoverTexts.js';

export interface ConversationMessageItemProps {
  message: ConversationMessage;
  /** Opens the tool call's dialog; `opener` gets the focus back when it closes. */
  onOpenTool: (message: ConversationMessage, opener: HTMLElement) => void;
}

/** One message of the exchange: the visitor on the right, the bot on the left, tool calls as buttons. */
export function ConversationMessageItem({ message, onOpenTool }: ConversationMessageItemProps) {
  if (message.tool) {
    const { tool } = message;
    return (
      <Flex direction="column" align="center" gap="1" data-role="tool">
        <Button
          type="button"
          variant="soft"
          color={tool.isError ? 'red' : 'gray'}
          size="1"
          onClick={(event) => onOpenTool(message, event.currentTarget)}
        >
          <WrenchIcon /> {CONVERSATION_TEXTS.tool(tool.name, tool.isError)}
        </Button>
        <Text size="1" color="gray">
          {formatTime(message.createdAt)}
        </Text>
      </Flex>
    );
  }
  const visitor = message.role === 'user';
  return (
    <div className="sb-chat-message" data-side={visitor ? 'visitor' : 'bot'} data-role={message.role}>
      <Flex justify="between" gap="3" mb="1">
        <Text size="1" weight="bold">
          {visitor
            ? CONVERSATION_TEXTS.visitor
            : message.operatorName
              ? TAKEOVER_TEXTS.operator(message.operatorName)
              : CONVERSATION_TEXTS.bot}
        </Text>
        <Text size="1" color="gray">
          {formatTime(message.createdAt)}
        </Text>
      </Flex>
      {/* The bot's answer as the visitor saw it: its Markdown rendered by the widget's rules. */}
      {visitor || message.operatorName ? (
        <Text as="p" size="2">
          {message.text}
        </Text>
      ) : (
        <>
          <Text as="div" size="2">
            <MarkdownText text={message.text} />
          </Text>
          <AnswerSourcesLine sources={message.sources} />
          <AnswerFiguresLine figures={message.figures} />
          <AnswerFeedbackLine feedback={message.feedback} />
        </>
      )}
    </div>
  );
}

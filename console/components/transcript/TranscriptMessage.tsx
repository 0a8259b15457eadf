import { Button, Flex, Text } from '@radix-ui/themes';
import { formatTime } from '../../../shared/format.js';
import type { SessionMessage } from '../../../shared/types/session.js';
import { WrenchIcon } from '../icons.js';

const SPEAKER: Record<string, string> = { user: 'Caller', assistant: 'Agent' };

/** When the line was spoken; 'Invalid Date' for a time that is not one (spec part 1 §5). */
function MessageTime({ timestamp }: { timestamp: number }) {
  return (
    <Text size="1" color="gray">
      {formatTime(timestamp)}
    </Text>
  );
}

export interface TranscriptMessageProps {
  message: SessionMessage;
  /** Opens the function dialog; `opener` gets the focus back when it closes. */
  onOpenFunction: (message: SessionMessage, opener: HTMLElement) => void;
}

/** One line of the transcript: the caller on the right, the agent on the left, tool calls as buttons. */
export function TranscriptMessage({ message, onOpenFunction }: TranscriptMessageProps) {
  if (message.type === 'function') {
    return (
      <Flex direction="column" align="center" gap="1" data-message-type="function">
        <Button variant="soft" color="gray" size="1" onClick={(event) => onOpenFunction(message, event.currentTarget)}>
          <WrenchIcon /> Function: {message.message}
        </Button>
        <MessageTime timestamp={message.timestamp} />
      </Flex>
    );
  }
  const side = message.type === 'user' ? 'user' : 'agent';
  return (
    <div className="sb-message" data-side={side} data-message-type={message.type}>
      <Flex justify="between" gap="3" mb="1">
        <Text size="1" weight="bold">
          {SPEAKER[message.type] ?? message.type}
        </Text>
        <MessageTime timestamp={message.timestamp} />
      </Flex>
      <Text as="p" size="2">
        {message.message}
      </Text>
    </div>
  );
}

import { Button, Flex, Text } from '@radix-ui/themes';
import { formatMs, formatTime } from '../../../shared/format.js';
import type { SessionMessage } from '../../../shared/types/session.js';
import { WrenchIcon } from '../icons.js';
import { TRANSCRIPT_TEXTS } from './transcriptTexts.js';

const SPEAKER: Record<string, string> = { user: 'Caller', assistant: 'Agent' };

/**
 * A figure beside a line (issue 21): an agent line's latency, a tool call's duration. Only a
 * measured one is shown: a greeting answered no caller turn, a call from before the figures were
 * kept has none, and a live line has not been stored yet; "Latency —" on those would be noise.
 */
function Figure({ label, ms }: { label: string; ms: number | null | undefined }) {
  if (ms === undefined || ms === null) return null;
  return (
    <Text size="1" color="gray" className="sb-tabular" data-figure={label}>
      {label} {formatMs(ms)}
    </Text>
  );
}

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
        <Flex gap="2">
          <MessageTime timestamp={message.timestamp} />
          <Figure label={TRANSCRIPT_TEXTS.took} ms={message.durationMs} />
        </Flex>
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
      {message.type === 'assistant' ? <Figure label={TRANSCRIPT_TEXTS.latency} ms={message.latencyMs} /> : null}
    </div>
  );
}

import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { type ReactNode, useId, useRef, useState } from 'react';
import { TRANSCRIPT_MAX_HEIGHT_PX } from '../../../shared/defaults.js';
import type { SessionMessage } from '../../../shared/types/session.js';
import { LoadingState } from '../LoadingState.js';
import { FunctionCallDialog } from './FunctionCallDialog.js';
import { TranscriptMessage } from './TranscriptMessage.js';
import { TRANSCRIPT_TEXTS } from './transcriptTexts.js';
import { useStickToBottom } from './useStickToBottom.js';
import './transcript.css';

export interface TranscriptProps {
  /** undefined while the stored messages load. */
  messages: SessionMessage[] | undefined;
  /** What an empty transcript says; the session page's by default. */
  emptyText?: string;
  /** The box's height limit; the session page's 500 px by default. */
  maxHeight?: number | string;
  /** A recording the lines play (issue 21); without it the transcript is text only. */
  playback?: TranscriptPlayback;
}

/** How the transcript drives a call's recording. */
export interface TranscriptPlayback {
  /** The line being spoken; it is highlighted and carries aria-current. */
  currentId: string | null;
  /** Where a line starts on the recording, as the player writes it ('0:12'); null for a line not on it. */
  placeOf: (message: SessionMessage) => string | null;
  /** Plays the recording from where the line starts. */
  play: (message: SessionMessage) => void;
}

/**
 * A call's transcript (spec part 1 §2), on the session page and in Talk: at most 500 px high, following the newest message,
 * announced politely as a log; a function message opens its dialog.
 */
export function Transcript({
  messages,
  emptyText = TRANSCRIPT_TEXTS.noMessages,
  maxHeight = TRANSCRIPT_MAX_HEIGHT_PX,
  playback,
}: TranscriptProps) {
  const titleId = useId();
  const [opened, setOpened] = useState<SessionMessage | null>(null);
  // Kept after close: the dialog gives focus back once it has gone.
  const opener = useRef<HTMLElement | null>(null);
  const { ref, onScroll, unseen, jump } = useStickToBottom<HTMLDivElement>(messages);
  const open = (message: SessionMessage, from: HTMLElement) => {
    opener.current = from;
    setOpened(message);
  };

  let body: ReactNode;
  if (messages === undefined) body = <LoadingState label={TRANSCRIPT_TEXTS.loadingMessages} />;
  else if (messages.length === 0)
    body = (
      <Text as="p" color="gray" align="center" my="5">
        {emptyText}
      </Text>
    );
  else
    body = messages.map((message) => (
      <TranscriptMessage
        key={message.id}
        message={message}
        onOpenFunction={open}
        {...(playback
          ? {
              current: playback.currentId === message.id,
              place: playback.placeOf(message),
              onPlay: () => playback.play(message),
            }
          : {})}
      />
    ));

  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="3">
          <Heading as="h2" size="4" id={titleId}>
            {TRANSCRIPT_TEXTS.transcript}
          </Heading>
          {unseen ? (
            <Button size="1" variant="soft" onClick={jump}>
              {TRANSCRIPT_TEXTS.jumpToLatest}
            </Button>
          ) : null}
        </Flex>
        <Flex
          ref={ref}
          direction="column"
          gap="3"
          className="sb-transcript"
          style={{ maxHeight }}
          role="log"
          aria-live="polite"
          aria-labelledby={titleId}
          tabIndex={0}
          onScroll={onScroll}
        >
          {body}
        </Flex>
      </Flex>
      <FunctionCallDialog message={opened} returnFocusTo={opener} onClose={() => setOpened(null)} />
    </Card>
  );
}

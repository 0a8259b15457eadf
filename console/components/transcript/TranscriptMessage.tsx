import { Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import { formatMs, formatTime } from '../../../shared/format.js';
import type { SessionMessage } from '../../../shared/types/session.js';
import { PlayIcon, WrenchIcon } from '../icons.js';
import { TRANSCRIPT_TEXTS } from './transcriptTexts.js';

const SPEAKER: Record<string, string> = { user: 'Caller', assistant: 'Agent', operator: 'Operator' };

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
  /** Issue 21, with a recording: this line is being spoken. */
  current?: boolean;
  /** Where the line starts on the recording ('0:12'); null or absent: it cannot be played from. */
  place?: string | null;
  /** Plays the recording from this line. */
  onPlay?: () => void;
}

/** A click on the line plays from it, unless the click ended a text selection in it. */
function playOnClick(onPlay: (() => void) | undefined) {
  if (!onPlay) return undefined;
  return () => {
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed) return;
    onPlay();
  };
}

/** Scrolls the transcript's box, not the page, just far enough to show the line being spoken. */
function reveal(line: HTMLElement): void {
  const box = line.closest<HTMLElement>('.sb-transcript');
  if (!box) return;
  const shown = box.getBoundingClientRect();
  const at = line.getBoundingClientRect();
  if (at.top < shown.top) box.scrollTop -= shown.top - at.top;
  else if (at.bottom > shown.bottom) box.scrollTop += Math.min(at.bottom - shown.bottom, at.top - shown.top);
}

/** One line of the transcript: the caller on the right, the agent on the left, tool calls as buttons. */
export function TranscriptMessage({ message, onOpenFunction, current, place, onPlay }: TranscriptMessageProps) {
  const line = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (current && line.current) reveal(line.current);
  }, [current]);
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
  const playable = place && onPlay ? onPlay : undefined;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a larger target for the mouse; the line's play button is the keyboard's
    // biome-ignore lint/a11y/useKeyWithClickEvents: the same play button takes Enter and Space
    <div
      ref={line}
      className="sb-message"
      data-side={side}
      data-message-type={message.type}
      data-playable={playable ? 'true' : undefined}
      aria-current={current ? 'true' : undefined}
      onClick={playOnClick(playable)}
    >
      <Flex justify="between" align="center" gap="3" mb="1">
        <Text size="1" weight="bold">
          {SPEAKER[message.type] ?? message.type}
        </Text>
        <Flex align="center" gap="2">
          <MessageTime timestamp={message.timestamp} />
          {playable ? (
            <Button
              size="1"
              variant="ghost"
              aria-label={TRANSCRIPT_TEXTS.playFrom(place ?? '')}
              onClick={(event) => {
                event.stopPropagation();
                playable();
              }}
            >
              <PlayIcon /> {place}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <Text as="p" size="2">
        {message.message}
      </Text>
      {message.type === 'assistant' ? <Figure label={TRANSCRIPT_TEXTS.latency} ms={message.latencyMs} /> : null}
    </div>
  );
}

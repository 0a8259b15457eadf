import { Flex, Text } from '@radix-ui/themes';
import type { KeyboardEvent } from 'react';
import type { SessionMessage } from '../../../../shared/types/session.js';
import { RECORDING_TEXTS } from './recordingTexts.js';
import { formatClock, startOf } from './recordingTime.js';

export interface RecordingTimelineProps {
  messages: readonly SessionMessage[];
  /** The call's length in ms. */
  durationMs: number;
  currentMs: number;
  onSeek: (ms: number) => void;
}

interface Marker {
  id: string;
  at: number;
}

const SIDES = [
  { type: 'user', side: 'caller', label: RECORDING_TEXTS.caller },
  { type: 'assistant', side: 'agent', label: RECORDING_TEXTS.agent },
] as const;

const percent = (ms: number, durationMs: number) => `${Math.min(100, (ms / durationMs) * 100)}%`;

/**
 * The call's length as a bar per side, a marker at the start of each of its lines. Each row is
 * one tab stop (the marker at or before the play position); the arrow keys, Home and End move
 * between its markers, so a long call is not a hundred stops.
 */
export function RecordingTimeline({ messages, durationMs, currentMs, onSeek }: RecordingTimelineProps) {
  if (durationMs <= 0) return null;
  return (
    <Flex direction="column" gap="1" className="sb-rec-timeline" role="group" aria-label={RECORDING_TEXTS.timeline}>
      {SIDES.map(({ type, side, label }) => {
        const markers = messages.flatMap((message): Marker[] => {
          const at = startOf(message);
          return message.type === type && at !== null ? [{ id: message.id, at }] : [];
        });
        return (
          <div key={side} className="sb-rec-row">
            <Text size="1" color="gray" className="sb-rec-row-label" aria-hidden="true">
              {label}
            </Text>
            <TimelineRow
              label={label}
              side={side}
              markers={markers}
              durationMs={durationMs}
              currentMs={currentMs}
              onSeek={onSeek}
            />
          </div>
        );
      })}
      <Flex justify="between" className="sb-rec-ticks">
        <Text size="1" color="gray" className="sb-tabular">
          {formatClock(0)}
        </Text>
        <Text size="1" color="gray" className="sb-tabular">
          {formatClock(durationMs)}
        </Text>
      </Flex>
    </Flex>
  );
}

interface TimelineRowProps extends Pick<RecordingTimelineProps, 'durationMs' | 'currentMs' | 'onSeek'> {
  label: string;
  side: string;
  markers: Marker[];
}

function TimelineRow({ label, side, markers, durationMs, currentMs, onSeek }: TimelineRowProps) {
  const reached = markers.filter((marker) => marker.at <= currentMs).length;
  const stop = Math.max(0, reached - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
    const from = buttons.indexOf(event.target as HTMLButtonElement);
    if (from < 0) return;
    const to = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, to))]?.focus();
  };
  return (
    <div className="sb-rec-track" data-side={side} role="toolbar" aria-label={label} onKeyDown={onKeyDown}>
      <div className="sb-rec-playhead" style={{ left: percent(currentMs, durationMs) }} aria-hidden="true" />
      {markers.map((marker, i) => (
        <button
          key={marker.id}
          type="button"
          className="sb-rec-marker"
          style={{ left: percent(marker.at, durationMs) }}
          tabIndex={i === stop ? 0 : -1}
          aria-label={RECORDING_TEXTS.at(label, formatClock(marker.at))}
          title={RECORDING_TEXTS.at(label, formatClock(marker.at))}
          onClick={() => onSeek(marker.at)}
        />
      ))}
    </div>
  );
}

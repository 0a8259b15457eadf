import { Flex } from '@radix-ui/themes';
import { useMemo } from 'react';
import type { CallSession, SessionMessage } from '../../../../shared/types/session.js';
import { Transcript, type TranscriptPlayback } from '../../../components/transcript/Transcript.js';
import { RecordingCard } from './RecordingCard.js';
import { formatClock, lineAt, startOf } from './recordingTime.js';
import { usePlayback } from './usePlayback.js';

export interface SessionRecordingProps {
  session: CallSession;
  /** undefined while the stored messages load. */
  messages: SessionMessage[] | undefined;
}

/**
 * The session's recording above its transcript (issue 21). With a ready recording the two are one
 * player: a line plays the call from where it was said, and the line being spoken is marked.
 */
export function SessionRecording({ session, messages }: SessionRecordingProps) {
  const playback = usePlayback();
  const recording = session.recording ?? null;
  const ready = recording?.status === 'ready';
  const { playFrom, started, currentMs } = playback;
  const current = ready && started && messages ? lineAt(messages, currentMs) : null;
  const transcriptPlayback = useMemo<TranscriptPlayback | undefined>(() => {
    if (!ready) return undefined;
    return {
      currentId: current?.id ?? null,
      placeOf: (message) => {
        const at = startOf(message);
        return at === null ? null : formatClock(at);
      },
      play: (message) => {
        const at = startOf(message);
        if (at !== null) playFrom(at);
      },
    };
  }, [ready, current?.id, playFrom]);

  return (
    <Flex direction="column" gap="5">
      {recording ? (
        <RecordingCard
          streamSid={session.streamSid}
          agentId={session.agentId}
          recording={recording}
          messages={messages ?? []}
          playback={playback}
        />
      ) : null}
      <Transcript messages={messages} playback={transcriptPlayback} />
    </Flex>
  );
}

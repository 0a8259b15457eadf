import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { CallRecording, SessionMessage } from '../../../../shared/types/session.js';
import { ErrorCallout } from '../../../components/ErrorCallout.js';
import { useAgentNames } from '../api.js';
import { AgentLink } from '../SessionCells.js';
import { RecordingPlayer } from './RecordingPlayer.js';
import { RECORDING_TEXTS } from './recordingTexts.js';
import type { Playback } from './usePlayback.js';

export interface RecordingCardProps {
  streamSid: string;
  agentId: string;
  recording: CallRecording;
  messages: readonly SessionMessage[];
  playback: Playback;
}

/** The session's recording (issue 21): its player once ready, else why there is none (yet). */
export function RecordingCard({ streamSid, agentId, recording, messages, playback }: RecordingCardProps) {
  let body: ReactNode;
  if (recording.status === 'ready')
    body = (
      <RecordingPlayer
        streamSid={streamSid}
        durationMs={recording.durationMs}
        messages={messages}
        playback={playback}
      />
    );
  else if (recording.status === 'recording') body = <Text size="2">{RECORDING_TEXTS.recording}</Text>;
  else if (recording.status === 'failed')
    body = (
      <ErrorCallout>
        {recording.error ? `${RECORDING_TEXTS.failed}: ${recording.error}` : `${RECORDING_TEXTS.failed}.`}
      </ErrorCallout>
    );
  else body = <RecordingOff agentId={agentId} />;
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {RECORDING_TEXTS.heading}
        </Heading>
        {body}
      </Flex>
    </Card>
  );
}

function RecordingOff({ agentId }: { agentId: string }) {
  const { names } = useAgentNames();
  return (
    <Flex direction="column" gap="1">
      <Text size="2">{RECORDING_TEXTS.off}</Text>
      <Text size="1" color="gray">
        {RECORDING_TEXTS.offHint} <AgentLink agentId={agentId} names={names} />.
      </Text>
    </Flex>
  );
}

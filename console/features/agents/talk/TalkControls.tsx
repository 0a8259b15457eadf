import { Badge, Button, Flex, Link, Spinner, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TALK_CLOSE } from '../../../../shared/types/talk.js';
import { ErrorCallout } from '../../../components/ErrorCallout.js';
import { MicIcon, PhoneIcon } from '../../../components/icons.js';
import { SwitchField } from '../../../components/SwitchField.js';
import { LevelMeter } from './LevelMeter.js';
import type { TalkCall, TalkState } from './TalkCall.js';
import { problemText, TALK_TEXTS } from './talkTexts.js';

export interface TalkControlsProps {
  state: TalkState | null;
  call: TalkCall | null;
  highQuality: boolean;
  onHighQualityChange: (on: boolean) => void;
  onStart: () => void;
  onHangUp: () => void;
}

/** The call side of the Talk panel: start, the microphone's state, the level meter, Hang up, the end. */
export function TalkControls({ state, call, highQuality, onHighQualityChange, onStart, onHangUp }: TalkControlsProps) {
  const phase = state?.phase ?? 'idle';
  const primary = useRef<HTMLButtonElement>(null);
  // Each state's main button takes the focus when the state comes, so the keyboard follows the call
  // (Hang up while live, Try again after a failure). The first one is focused by the dialog itself.
  useEffect(() => {
    if (phase !== 'idle') primary.current?.focus();
  }, [phase]);

  return (
    <Flex direction="column" gap="3" data-talk-phase={phase}>
      {phase === 'idle' ? (
        <>
          <Text as="p" size="2" color="gray">
            {TALK_TEXTS.idleHint}
          </Text>
          <Button size="3" onClick={onStart}>
            <MicIcon /> {TALK_TEXTS.start}
          </Button>
          <SwitchField
            label={TALK_TEXTS.highQuality}
            checked={highQuality}
            onChange={onHighQualityChange}
            hint={TALK_TEXTS.highQualityHint}
          />
        </>
      ) : null}
      <div role="status" aria-live="polite">
        <StatusLine state={state} />
      </div>
      {phase === 'microphone' || phase === 'connecting' || phase === 'live' ? (
        <>
          {phase === 'live' ? <LevelMeter call={call} /> : null}
          <Button ref={primary} size="3" color="red" onClick={onHangUp}>
            <PhoneIcon /> {TALK_TEXTS.hangUp}
          </Button>
        </>
      ) : null}
      {phase === 'ended' || phase === 'failed' ? (
        <Button ref={primary} size="3" variant="soft" onClick={onStart}>
          <MicIcon /> {phase === 'failed' ? TALK_TEXTS.tryAgain : TALK_TEXTS.again}
        </Button>
      ) : null}
    </Flex>
  );
}

function StatusLine({ state }: { state: TalkState | null }) {
  if (!state) return null;
  switch (state.phase) {
    case 'microphone':
      return <Waiting title={TALK_TEXTS.microphone} hint={TALK_TEXTS.microphoneHint} />;
    case 'connecting':
      return <Waiting title={TALK_TEXTS.connecting} />;
    case 'live':
      return (
        <Flex direction="column" gap="1">
          <Flex align="center" gap="2">
            <Badge color="green" size="2">
              {TALK_TEXTS.live}
            </Badge>
          </Flex>
          <Text size="2" color="gray">
            {TALK_TEXTS.liveHint}
          </Text>
        </Flex>
      );
    case 'ended':
      return (
        <Flex direction="column" gap="1">
          <Text size="3" weight="medium">
            {TALK_TEXTS.ended}
          </Text>
          <Text size="2" color="gray">
            {state.endedReason === 'hangup' ? TALK_TEXTS.youHungUp : state.endedReason}
          </Text>
          {state.sessionId ? (
            <Link asChild size="2">
              <RouterLink to={`/sessions/${encodeURIComponent(state.sessionId)}`}>{TALK_TEXTS.openSession}</RouterLink>
            </Link>
          ) : null}
        </Flex>
      );
    case 'failed':
      return state.problem ? <Problem state={state} /> : null;
  }
}

function Waiting({ title, hint }: { title: string; hint?: string }) {
  return (
    <Flex direction="column" gap="1">
      <Flex align="center" gap="2">
        <Spinner />
        <Text size="3" weight="medium">
          {title}
        </Text>
      </Flex>
      {hint ? (
        <Text size="2" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
}

function Problem({ state }: { state: TalkState }) {
  if (!state.problem) return null;
  const { message, detail } = problemText(state.problem);
  const needsKey = state.problem.kind === 'closed' && state.problem.code === TALK_CLOSE.unavailable;
  return (
    <ErrorCallout>
      <Text as="span" weight="medium">
        {message}
      </Text>
      {detail ? (
        <>
          {' '}
          <Text as="span" className="sb-talk-problem-line">
            {detail}
          </Text>
        </>
      ) : null}
      {needsKey ? (
        <>
          {' '}
          <Link asChild weight="medium" className="sb-talk-problem-line">
            <RouterLink to="/settings">{TALK_TEXTS.keyLink}</RouterLink>
          </Link>
        </>
      ) : null}
    </ErrorCallout>
  );
}

import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import type { CallSession } from '../../../../shared/types/session.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { callOrThrow } from '../../../lib/errors.js';
import { useAuth } from '../../../lib/session/useAuth.js';
import { LISTEN_TEXTS } from './listenTexts.js';
import { useListenCall } from './useListenCall.js';

/**
 * Listen, Take over and Hand back on a live call's page (issue 23). Listening plays both sides;
 * taking over mutes the agent and turns this operator's microphone on (listening starts with it);
 * the holder's name shows to every operator of the owner, and only the holder can hand back.
 */
export function LiveCallCard({ session }: { session: CallSession }) {
  const api = useApi();
  const { user } = useAuth();
  const listen = useListenCall(session.streamSid);
  const [busy, setBusy] = useState<'take' | 'back' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const holder = session.operator ?? null;
  const mine = holder !== null && holder.id === user?.id;
  const listening = listen.state?.phase === 'listening' || listen.state?.phase === 'connecting';
  const { speak } = listen;

  // The microphone follows the hold: on once this operator holds the call and listens, off otherwise.
  const live = listen.state?.phase === 'listening';
  useEffect(() => {
    void speak(mine && live);
  }, [mine, live, speak]);

  const act = async (kind: 'take' | 'back') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'take') {
        if (!listening) listen.start();
        await callOrThrow(() => api.sessions.takeOver(session.streamSid), LISTEN_TEXTS.takeOverFailed);
      } else {
        await callOrThrow(() => api.sessions.handBack(session.streamSid), LISTEN_TEXTS.handBackFailed);
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : LISTEN_TEXTS.takeOverFailed);
    } finally {
      setBusy(null);
    }
  };

  const status = mine ? LISTEN_TEXTS.youHold : holder ? LISTEN_TEXTS.heldBy(holder.name) : LISTEN_TEXTS.agentAnswers;
  const problem = error ?? (listen.state?.phase === 'failed' ? listen.state.problem : (listen.state?.problem ?? null));

  return (
    <Card size="2" aria-labelledby="live-call-heading">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="live-call-heading">
          {LISTEN_TEXTS.heading}
        </Heading>
        <Text as="p" size="2" role="status">
          {status}
          {listen.state?.phase === 'listening' ? ` ${LISTEN_TEXTS.listening}.` : null}
          {listen.state?.phase === 'connecting' ? ` ${LISTEN_TEXTS.connecting}` : null}
        </Text>
        <Flex gap="3" wrap="wrap">
          {listening ? (
            <Button variant="soft" onClick={listen.stop}>
              {LISTEN_TEXTS.stopListening}
            </Button>
          ) : (
            <Button variant="soft" onClick={listen.start}>
              {LISTEN_TEXTS.listen}
            </Button>
          )}
          {mine ? (
            <Button color="orange" disabled={busy !== null} onClick={() => void act('back')}>
              {busy === 'back' ? LISTEN_TEXTS.handingBack : LISTEN_TEXTS.handBack}
            </Button>
          ) : (
            <Button color="orange" disabled={busy !== null || holder !== null} onClick={() => void act('take')}>
              {busy === 'take' ? LISTEN_TEXTS.takingOver : LISTEN_TEXTS.takeOver}
            </Button>
          )}
        </Flex>
        {problem ? (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Text>{problem}</Callout.Text>
          </Callout.Root>
        ) : null}
      </Flex>
    </Card>
  );
}

import { Button, Callout, Flex, Grid, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useLiveTranscript } from '../../../app/useLiveTranscript.js';
import { Dialog } from '../../../components/dialogs.js';
import { InfoIcon } from '../../../components/icons.js';
import { Transcript } from '../../../components/transcript/Transcript.js';
import { TalkControls } from './TalkControls.js';
import { TALK_TEXTS } from './talkTexts.js';
import { useTalkCall } from './useTalkCall.js';
import './talk.css';

export interface TalkPanelProps {
  agentId: string;
  agentName: string;
  /** The page's unsaved agent fields (a PATCH body); empty when there are none. */
  settings: Record<string, unknown>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Talk (issue 20): the operator speaks with the agent from the browser, the transcript streaming
 * beside the call. Closing the panel hangs up: the call lives in the panel's content, which the
 * dialog unmounts on close.
 */
export function TalkPanel({ agentId, agentName, settings, open, onOpenChange }: TalkPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="880px" className="sb-talk-panel">
        <Dialog.Title>{TALK_TEXTS.title(agentName)}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {TALK_TEXTS.description}
        </Dialog.Description>
        <TalkBody agentId={agentId} settings={settings} />
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {TALK_TEXTS.close}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function TalkBody({ agentId, settings }: Pick<TalkPanelProps, 'agentId' | 'settings'>) {
  const talk = useTalkCall(agentId);
  const [highQuality, setHighQuality] = useState(false);
  const hasEdits = Object.keys(settings).length > 0;
  // Before the call, what the page holds; once live, what the server says it used.
  const unsaved = talk.state?.sessionId ? talk.state.unsaved : hasEdits;
  const start = () => talk.start({ ...(hasEdits ? { settings } : {}), highQuality });

  return (
    <Flex direction="column" gap="3">
      {unsaved ? (
        <Callout.Root color="blue" size="1">
          <Callout.Icon>
            <InfoIcon />
          </Callout.Icon>
          <Callout.Text>
            <Text weight="medium">{TALK_TEXTS.unsavedTitle}.</Text> {TALK_TEXTS.unsavedBody}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Grid columns={{ initial: '1', sm: '5' }} gap="4" align="start">
        <div className="sb-talk-controls">
          <TalkControls
            state={talk.state}
            call={talk.call}
            highQuality={highQuality}
            onHighQualityChange={setHighQuality}
            onStart={start}
            onHangUp={talk.hangUp}
          />
        </div>
        <div className="sb-talk-transcript">
          <TalkTranscript key={talk.attempt} sessionId={talk.state?.sessionId ?? null} />
        </div>
      </Grid>
    </Flex>
  );
}

/** The call's transcript as the console's socket brings it, with tool calls as on a session page. */
function TalkTranscript({ sessionId }: { sessionId: string | null }) {
  const live = useLiveTranscript(sessionId);
  return <Transcript messages={live.messages} emptyText={TALK_TEXTS.transcriptEmpty} maxHeight="min(360px, 45vh)" />;
}

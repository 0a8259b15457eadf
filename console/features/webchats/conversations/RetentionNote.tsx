import { Callout } from '@radix-ui/themes';
import { InfoIcon } from '../../../components/icons.js';
import { CONVERSATION_TEXTS } from './conversationTexts.js';

/** What this bot keeps: nothing with retention 0, else for how long (issue 11: the tab says so). */
export function RetentionNote({ seconds }: { seconds: number }) {
  return (
    <Callout.Root color={seconds === 0 ? 'amber' : 'gray'} variant="surface" size="1" data-testid="retention-note">
      <Callout.Icon>
        <InfoIcon />
      </Callout.Icon>
      <Callout.Text>{seconds === 0 ? CONVERSATION_TEXTS.keepsNothing : CONVERSATION_TEXTS.keeps(seconds)}</Callout.Text>
    </Callout.Root>
  );
}

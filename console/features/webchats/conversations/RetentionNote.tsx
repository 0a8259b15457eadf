import { Callout } from '@radix-ui/themes';
import { InfoIcon } from '../../../components/icons.js';
import { CONVERSATION_TEXTS } from './conversationTexts.js';

export interface RetentionNoteProps {
  /** The bot's Keep history: null forever, 0 not kept, else days. */
  keepHistoryDays: number | null;
  /** The bot's short-term retention (its memory) in seconds. */
  retentionSeconds: number;
}

/** How long this bot's history is kept (issue 18: the tab says so); amber when it is not kept. */
export function RetentionNote({ keepHistoryDays, retentionSeconds }: RetentionNoteProps) {
  return (
    <Callout.Root
      color={keepHistoryDays === 0 ? 'amber' : 'gray'}
      variant="surface"
      size="1"
      data-testid="retention-note"
    >
      <Callout.Icon>
        <InfoIcon />
      </Callout.Icon>
      <Callout.Text>{CONVERSATION_TEXTS.keptHistory(keepHistoryDays, retentionSeconds)}</Callout.Text>
    </Callout.Root>
  );
}

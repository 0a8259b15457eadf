import { Badge } from '@radix-ui/themes';
import type { ConversationSummary } from '../../../../shared/types/history.js';
import { TAKEOVER_TEXTS } from './takeoverTexts.js';

/** Issue 23: a conversation an operator holds (by name), or one whose visitor waits for a person. */
export function HandoffBadge({ conversation }: { conversation: ConversationSummary }) {
  if (conversation.operatorName)
    return (
      <Badge color="blue" variant="soft">
        {TAKEOVER_TEXTS.heldBadge(conversation.operatorName)}
      </Badge>
    );
  if (conversation.waitingSince)
    return (
      <Badge color="orange" variant="solid" title={TAKEOVER_TEXTS.waiting}>
        {TAKEOVER_TEXTS.waitingBadge}
      </Badge>
    );
  return null;
}

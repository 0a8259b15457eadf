import { Badge } from '@radix-ui/themes';
import { CONVERSATION_TEXTS } from './conversationTexts.js';

/** Marks the owner's test chat from the bot page (issue 20), told apart from visitors' conversations. */
export function TestBadge() {
  return (
    <Badge color="amber" variant="soft" title={CONVERSATION_TEXTS.testHint}>
      {CONVERSATION_TEXTS.test}
    </Badge>
  );
}

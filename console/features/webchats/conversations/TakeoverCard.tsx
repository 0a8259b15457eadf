import { Badge, Button, Card, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useState } from 'react';
import { CHAT_LIMITS } from '../../../../shared/types/chat.js';
import type { ConversationSummary } from '../../../../shared/types/history.js';
import { ErrorCallout } from '../../../components/ErrorCallout.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { errorText } from '../../../lib/errors.js';
import { useAuth } from '../../../lib/session/useAuth.js';
import { TAKEOVER_TEXTS } from './takeoverTexts.js';

export interface TakeoverCardProps {
  webchatId: string;
  conversation: ConversationSummary;
  /** Reloads the conversation after a change. */
  onChanged: () => Promise<unknown>;
}

/**
 * Take over / Hand back on a visitor's live conversation (issue 23): who holds it, the buttons,
 * and while this operator holds it, the message field. Another operator's hold is shown by name.
 */
export function TakeoverCard({ webchatId, conversation, onChanged }: TakeoverCardProps) {
  const api = useApi();
  const me = useAuth().user?.id ?? null;
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const holder = conversation.operatorId ?? null;
  const mine = holder !== null && holder === me;

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await onChanged();
    } catch (failure) {
      setError(errorText(failure, TAKEOVER_TEXTS.failed));
    } finally {
      setBusy(false);
    }
  };
  const send = () => {
    const message = text.trim();
    if (!message) return;
    void run(async () => {
      await api.webchats.operatorMessage(webchatId, conversation.id, message);
      setText('');
    });
  };

  let status: string = TAKEOVER_TEXTS.botAnswers;
  if (mine) status = TAKEOVER_TEXTS.youHold;
  else if (holder) status = TAKEOVER_TEXTS.heldBy(conversation.operatorName ?? '');

  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Flex align="center" gap="2">
            <Heading as="h3" size="3">
              {TAKEOVER_TEXTS.heading}
            </Heading>
            {conversation.waitingSince ? <Badge color="orange">{TAKEOVER_TEXTS.waiting}</Badge> : null}
          </Flex>
          {mine ? (
            <Button
              type="button"
              variant="soft"
              disabled={busy}
              onClick={() => void run(() => api.webchats.handBack(webchatId, conversation.id))}
            >
              {TAKEOVER_TEXTS.handBack}
            </Button>
          ) : (
            <Button
              type="button"
              disabled={busy || holder !== null}
              onClick={() => void run(() => api.webchats.takeOver(webchatId, conversation.id))}
            >
              {TAKEOVER_TEXTS.takeOver}
            </Button>
          )}
        </Flex>
        <Text as="p" size="2" color="gray" role="status">
          {status}
        </Text>
        {error ? <ErrorCallout>{error}</ErrorCallout> : null}
        {mine ? (
          // Not a <form>: the tab sits inside the bot page's own form, and forms do not nest.
          <div>
            <Flex gap="2" align="end">
              <TextArea
                aria-label={TAKEOVER_TEXTS.message}
                placeholder={TAKEOVER_TEXTS.message}
                value={text}
                maxLength={CHAT_LIMITS.messageMaxChars}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' || event.shiftKey) return;
                  event.preventDefault();
                  send();
                }}
                style={{ flex: 1 }}
              />
              <Button type="button" disabled={busy || !text.trim()} onClick={send}>
                {TAKEOVER_TEXTS.send}
              </Button>
            </Flex>
          </div>
        ) : null}
      </Flex>
    </Card>
  );
}

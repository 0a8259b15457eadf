import type { RefObject } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Dialog, Flex, Heading, Link, Text } from '@radix-ui/themes';
import type { SessionMessage } from '../../../shared/types/session.js';
import { prettyJson } from './prettyJson.js';
import { SESSION_TEXTS } from './sessionTexts.js';

export interface FunctionCallDialogProps {
  /** The function message shown; null keeps the dialog closed. */
  message: SessionMessage | null;
  /** The control that opened it; focus goes back there on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/**
 * A tool call of the transcript: a link to the tool, its arguments and its output (spec part 1
 * §2). Radix Dialog moves focus in and keeps it there; it only returns focus to a Dialog.Trigger,
 * and the opener here is a message of the transcript, so that is done by hand.
 */
export function FunctionCallDialog({ message, returnFocusTo, onClose }: FunctionCallDialogProps) {
  return (
    <Dialog.Root open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content
        maxWidth="640px"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        {message ? (
          <Flex direction="column" gap="4">
            <Dialog.Title mb="0">{message.message}</Dialog.Title>
            <Dialog.Description size="2" color="gray">
              Function call at {new Date(message.timestamp).toLocaleTimeString()}
            </Dialog.Description>
            <Flex direction="column" gap="1">
              <Heading as="h3" size="2">
                {SESSION_TEXTS.tool}
              </Heading>
              {message.function_id ? (
                <Link asChild>
                  <RouterLink to={`/tools/${encodeURIComponent(message.function_id)}`}>{message.message}</RouterLink>
                </Link>
              ) : (
                <Text color="gray">—</Text>
              )}
            </Flex>
            <JsonBlock title={SESSION_TEXTS.arguments} value={message.function_args} />
            <JsonBlock title={SESSION_TEXTS.output} value={message.function_output} />
            <Flex justify="end">
              <Dialog.Close>
                <Button variant="soft" color="gray">
                  {SESSION_TEXTS.close}
                </Button>
              </Dialog.Close>
            </Flex>
          </Flex>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  const id = `sb-fn-${title.toLowerCase()}`;
  return (
    <Flex asChild direction="column" gap="1">
      <section aria-labelledby={id}>
        <Heading as="h3" size="2" id={id}>
          {title}
        </Heading>
        {/* Focusable so a long value can be scrolled from the keyboard. */}
        <pre className="sb-json" tabIndex={0}>
          {prettyJson(value)}
        </pre>
      </section>
    </Flex>
  );
}

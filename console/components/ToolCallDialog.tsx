import { Badge, Button, Dialog, Flex, Heading, Link, Text } from '@radix-ui/themes';
import type { RefObject } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { prettyJson } from './prettyJson.js';
import './toolCallDialog.css';

/** A tool call as the dialog shows it. */
export interface ToolCallView {
  name: string;
  /** Under the title: what it was and when ('Function call at 10:02:03'). */
  description: string;
  /** The tool's page, when the call names a tool that has one. */
  toolHref?: string | undefined;
  /** JSON text (pretty-printed when it parses) or any value. */
  arguments: unknown;
  output: unknown;
  failed?: boolean;
}

export interface ToolCallDialogProps {
  /** The call shown; null keeps the dialog closed. */
  call: ToolCallView | null;
  /** The control that opened it; focus goes back there on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
  onClose: () => void;
}

export const TOOL_CALL_TEXTS = {
  tool: 'Tool',
  arguments: 'Arguments',
  output: 'Output',
  close: 'Close',
  failed: 'Failed',
} as const;

/**
 * A tool call of a transcript: the tool (a link when it has a page), its arguments and its output
 * (spec part 1 §2 for calls; the same for chats, issue 11). Radix Dialog moves focus in and keeps it
 * there; it only returns focus to a Dialog.Trigger, and the opener here is a message of the
 * transcript, so that is done by hand.
 */
export function ToolCallDialog({ call, returnFocusTo, onClose }: ToolCallDialogProps) {
  return (
    <Dialog.Root open={call !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content
        maxWidth="640px"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        {call ? (
          <Flex direction="column" gap="4">
            <Dialog.Title mb="0">{call.name}</Dialog.Title>
            <Dialog.Description size="2" color="gray">
              {call.description}
            </Dialog.Description>
            <Flex direction="column" gap="1">
              <Heading as="h3" size="2">
                {TOOL_CALL_TEXTS.tool}
              </Heading>
              <Flex gap="2" align="center">
                {call.toolHref ? (
                  <Link asChild>
                    <RouterLink to={call.toolHref}>{call.name}</RouterLink>
                  </Link>
                ) : (
                  <Text color="gray">—</Text>
                )}
                {call.failed ? <Badge color="red">{TOOL_CALL_TEXTS.failed}</Badge> : null}
              </Flex>
            </Flex>
            <JsonBlock title={TOOL_CALL_TEXTS.arguments} value={call.arguments} />
            <JsonBlock title={TOOL_CALL_TEXTS.output} value={call.output} />
            <Flex justify="end">
              <Dialog.Close>
                <Button variant="soft" color="gray">
                  {TOOL_CALL_TEXTS.close}
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
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus (WCAG 2.1.1). */}
        <pre className="sb-json" tabIndex={0}>
          {prettyJson(value)}
        </pre>
      </section>
    </Flex>
  );
}

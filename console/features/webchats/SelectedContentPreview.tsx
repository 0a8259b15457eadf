import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { type ReactNode, useId, useRef, useState } from 'react';
import { PREVIEW_CHARS } from './knowledge.js';
import { KNOWLEDGE_TEXTS as TEXTS } from './knowledgeTexts.js';

type Mode = 'excerpt' | 'full' | 'collapsed';

/** The look of the preview's three buttons. */
const PREVIEW_BUTTON = { type: 'button', size: '1', variant: 'soft', color: 'gray' } as const;

/**
 * The selected content (spec part 2 §2, §9): its first 200 characters; View Full Text shows it
 * all in a box at most 300 px high, where Show Less goes back to the excerpt and Collapse Text
 * hides the text altogether, giving a long page its room back (View Full Text brings it back).
 * One way to grow and the ways to shrink, never both at once: 'View Full Text' beside 'Collapse
 * Text' read as two opposite orders (issue 18). Short content has nothing to grow or shrink.
 */
export function SelectedContentPreview({ content }: { content: string }) {
  const [mode, setMode] = useState<Mode>('excerpt');
  const headingId = useId();
  const textId = useId();
  const first = useRef<HTMLButtonElement>(null);
  const long = content.length > PREVIEW_CHARS;

  const collapse = () => {
    setMode('collapsed');
    // The pressed button goes away: keep the keyboard in the preview, not back at the page top.
    requestAnimationFrame(() => first.current?.focus());
  };

  let body: ReactNode;
  if (content === '')
    body = (
      <Text size="2" color="gray">
        {TEXTS.previewEmpty}
      </Text>
    );
  else if (mode === 'collapsed')
    body = (
      <Text size="2" color="gray">
        {TEXTS.previewCollapsed}
      </Text>
    );
  else
    body = (
      // Focusable so a keyboard can scroll the full text.
      <Box
        id={textId}
        className="sb-kb-preview"
        tabIndex={mode === 'full' ? 0 : undefined}
        role="region"
        aria-labelledby={headingId}
      >
        <Text as="p" size="2">
          {mode === 'full' || !long ? content : `${content.slice(0, PREVIEW_CHARS)}…`}
        </Text>
      </Box>
    );

  const expanded = mode === 'full';
  return (
    <Flex direction="column" gap="2">
      <Flex justify="between" align="baseline" gap="3" wrap="wrap">
        <Heading as="h3" size="3" id={headingId}>
          {TEXTS.previewHeading}
        </Heading>
        <Text size="1" color="gray">
          {TEXTS.characters(content.length)}
        </Text>
      </Flex>
      {body}
      {content !== '' && (long || mode !== 'excerpt') ? (
        <Flex gap="2" wrap="wrap">
          {expanded ? (
            <>
              <Button
                ref={first}
                {...PREVIEW_BUTTON}
                aria-controls={textId}
                aria-expanded
                onClick={() => setMode('excerpt')}
              >
                {TEXTS.showLess}
              </Button>
              <Button {...PREVIEW_BUTTON} onClick={collapse}>
                {TEXTS.collapse}
              </Button>
            </>
          ) : (
            <Button ref={first} {...PREVIEW_BUTTON} aria-expanded={false} onClick={() => setMode('full')}>
              {TEXTS.viewFull}
            </Button>
          )}
        </Flex>
      ) : null}
    </Flex>
  );
}

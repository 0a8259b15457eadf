import { Button, Flex, Heading } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router-dom';
import type { BackLink } from './BackButton.js';
import { ErrorCallout } from './ErrorCallout.js';
import { ArrowLeftIcon } from './icons.js';

export interface LoadFailedStateProps {
  /** The page's h1, as when it loads ('Bot Settings'). */
  title: string;
  /** What went wrong, in the alert ('Failed to load bot'). */
  message: string;
  /** The way out, e.g. `{ to: '/webchats', label: 'Back to Web Chats' }`. */
  back: BackLink;
}

/** What a page shows when the thing it is about could not be loaded: the look of NotFoundState, with the reason in an alert. */
export function LoadFailedState({ title, message, back }: LoadFailedStateProps) {
  return (
    <Flex direction="column" align="center" gap="4" py="9" px="3">
      <Heading as="h1" size="7" align="center">
        {title}
      </Heading>
      <ErrorCallout>{message}</ErrorCallout>
      <Button asChild variant="soft">
        <RouterLink to={back.to}>
          <ArrowLeftIcon /> {back.label}
        </RouterLink>
      </Button>
    </Flex>
  );
}

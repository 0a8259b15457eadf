import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { BackLink } from './BackButton.js';
import { ArrowLeftIcon } from './icons.js';

export interface NotFoundStateProps {
  /** The page's h1: 'Agent not found', 'Tool not found', 'Not Found'. */
  title: string;
  description?: ReactNode;
  /** The way out, e.g. `{ to: '/tools', label: 'Back to Tools' }`. */
  back: BackLink;
}

/** What a page shows when the thing it is about does not exist: one look for every page. */
export function NotFoundState({ title, description, back }: NotFoundStateProps) {
  return (
    <Flex direction="column" align="center" gap="3" py="9" px="3">
      <Heading as="h1" size="7" align="center">
        {title}
      </Heading>
      {description ? (
        <Text as="p" color="gray" align="center">
          {description}
        </Text>
      ) : null}
      <Button asChild variant="soft" mt="2">
        <RouterLink to={back.to}>
          <ArrowLeftIcon /> {back.label}
        </RouterLink>
      </Button>
    </Flex>
  );
}

import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCardClick } from './useCardClick.js';

export interface LinkCardProps {
  /** Where the card leads. */
  path: string;
  /** The h2 and the card's one link. */
  name: string;
  testId: string;
  /** Ids of what the link's description reads out. */
  describedBy?: string;
  /** Beside the name. */
  badge: ReactNode;
  description: ReactNode;
  descriptionId?: string;
  /** The bottom row. */
  footer: ReactNode;
}

/**
 * A card in a list (agents, web chat bots): the name is the link and the card's only tab stop
 * (Tab + Enter); a click anywhere else on the card opens it too.
 */
export function LinkCard({
  path,
  name,
  testId,
  describedBy,
  badge,
  description,
  descriptionId,
  footer,
}: LinkCardProps) {
  const open = useCardClick(path);
  return (
    <Card size="2" className="sb-link-card" onClick={open} data-testid={testId}>
      <Flex direction="column" gap="3" height="100%">
        <Flex justify="between" align="start" gap="2">
          <Heading as="h2" size="4">
            <RouterLink to={path} className="sb-link-card-name" aria-describedby={describedBy}>
              {name}
            </RouterLink>
          </Heading>
          {badge}
        </Flex>
        <Text id={descriptionId} as="p" size="2" color="gray" className="sb-link-card-description">
          {description}
        </Text>
        <Flex justify="between" align="center" gap="3" mt="auto" wrap="wrap">
          {footer}
        </Flex>
      </Flex>
    </Card>
  );
}

import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

/** "Nothing here yet" panel used by lists. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Card size="3">
      <Flex direction="column" align="center" gap="2" py="5">
        <Heading as="h3" size="4">
          {title}
        </Heading>
        {description ? (
          <Text as="p" color="gray" align="center" size="2">
            {description}
          </Text>
        ) : null}
        {action ? <Flex mt="2">{action}</Flex> : null}
      </Flex>
    </Card>
  );
}

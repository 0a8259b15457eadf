import type { ReactNode } from 'react';
import { Card, Flex, Heading, Text } from '@radix-ui/themes';

export interface FormSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** One titled section of the agent detail page; a labelled region so it can be found by name. */
export function FormSection({ title, description, children }: FormSectionProps) {
  const id = `agent-section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card size={{ initial: '2', sm: '3' }} asChild>
      <section aria-labelledby={id}>
        <Flex direction="column" gap="4">
          <div>
            <Heading as="h2" size="4" id={id}>
              {title}
            </Heading>
            {description ? (
              <Text as="p" size="2" color="gray" mt="1">
                {description}
              </Text>
            ) : null}
          </div>
          {children}
        </Flex>
      </section>
    </Card>
  );
}

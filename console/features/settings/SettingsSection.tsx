import type { ReactNode } from 'react';
import { Card, Flex, Heading, Text } from '@radix-ui/themes';

export interface SettingsSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** One titled card of the settings page; the heading labels the region. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const id = `settings-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card size="3" asChild>
      <section aria-labelledby={id}>
        <Flex direction="column" gap="3">
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

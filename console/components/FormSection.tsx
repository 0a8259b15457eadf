import { Card, type CardProps, Flex, type FlexProps, Heading, Text } from '@radix-ui/themes';
import { type ReactNode, useId } from 'react';

export interface FormSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  /** Card padding; by default a step smaller on phones. */
  size?: CardProps['size'];
  /** Space between the heading and each child. */
  gap?: FlexProps['gap'];
}

/** One titled card of a form page; a region labelled by its heading, so it can be found by name. */
export function FormSection({
  title,
  description,
  children,
  size = { initial: '2', sm: '3' },
  gap = '4',
}: FormSectionProps) {
  const id = useId();
  return (
    <Card size={size} asChild>
      <section aria-labelledby={id}>
        <Flex direction="column" gap={gap}>
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

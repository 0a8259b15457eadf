import { Flex, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface SessionsSectionProps {
  id: string;
  title: string;
  /** Controls beside the title (sort, refresh). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled region of the sessions page; the title names the region for screen readers. */
export function SessionsSection({ id, title, actions, children }: SessionsSectionProps) {
  return (
    <Flex asChild direction="column" gap="3">
      <section aria-labelledby={id}>
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="5" id={id}>
            {title}
          </Heading>
          {actions ? (
            <Flex gap="2" align="center">
              {actions}
            </Flex>
          ) : null}
        </Flex>
        {children}
      </section>
    </Flex>
  );
}

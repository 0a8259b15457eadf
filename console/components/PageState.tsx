import { Button, Flex, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { BackLink } from './BackButton.js';
import { ArrowLeftIcon } from './icons.js';

export interface PageStateProps {
  /** The page's h1. */
  title: string;
  back: BackLink;
  gap: '3' | '4';
  /** Extra room above the way out. */
  backMargin?: '2';
  /** What stands between the heading and the way out. */
  children?: ReactNode;
}

/** The centred page of NotFoundState and LoadFailedState: a heading, what happened, the way back. */
export function PageState({ title, back, gap, backMargin, children }: PageStateProps) {
  return (
    <Flex direction="column" align="center" gap={gap} py="9" px="3">
      <Heading as="h1" size="7" align="center">
        {title}
      </Heading>
      {children}
      <Button asChild variant="soft" mt={backMargin}>
        <RouterLink to={back.to}>
          <ArrowLeftIcon /> {back.label}
        </RouterLink>
      </Button>
    </Flex>
  );
}

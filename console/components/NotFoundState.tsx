import { Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { BackLink } from './BackButton.js';
import { PageState } from './PageState.js';

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
    <PageState title={title} back={back} gap="3" backMargin="2">
      {description ? (
        <Text as="p" color="gray" align="center">
          {description}
        </Text>
      ) : null}
    </PageState>
  );
}

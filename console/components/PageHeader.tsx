import { Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { BackButton, type BackLink } from './BackButton.js';
import { RefreshButton, type RefreshButtonProps } from './RefreshButton.js';
import './components.css';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  /** A line or two under the title. */
  intro?: ReactNode;
  /** A back arrow before the title (detail pages). */
  back?: BackLink;
  /** A refresh icon button, first among the actions. */
  refresh?: RefreshButtonProps;
  /** Primary actions, default-size Radix buttons ('New Agent', 'Save', …); the main one last. */
  actions?: ReactNode;
  /** Keeps the header in view under the top bar (long forms: agent, tool). */
  sticky?: boolean;
  /** A short line under the whole header, e.g. why an action is disabled (give it an id to point at). */
  note?: ReactNode;
}

/**
 * The top of every page (issue 7, finding 15): title, intro, back, refresh and actions laid out
 * the same way everywhere. On narrow screens the actions wrap under the title.
 */
export function PageHeader({ title, intro, back, refresh, actions, sticky = false, note }: PageHeaderProps) {
  const hasActions = Boolean(refresh || actions);
  return (
    <Flex
      className="sb-page-header"
      data-sticky={sticky ? '' : undefined}
      justify="between"
      align="start"
      gap="3"
      wrap="wrap"
    >
      <div className="sb-page-header-main">
        <Flex align="center" gap="2">
          {back ? <BackButton {...back} /> : null}
          <Heading as="h1" size="7" className="sb-page-title">
            {title}
          </Heading>
        </Flex>
        {intro ? (
          <Text as="p" color="gray" mt="1">
            {intro}
          </Text>
        ) : null}
      </div>
      {hasActions ? (
        <Flex className="sb-page-header-actions" align="center" gap="2" wrap="wrap">
          {refresh ? <RefreshButton {...refresh} /> : null}
          {actions}
        </Flex>
      ) : null}
      {note ? <div className="sb-page-header-note">{note}</div> : null}
    </Flex>
  );
}

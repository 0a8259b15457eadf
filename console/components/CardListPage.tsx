import { Button, Flex, IconButton } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from './EmptyState.js';
import { ErrorCallout } from './ErrorCallout.js';
import { PlusIcon } from './icons.js';
import { LoadingState } from './LoadingState.js';
import { PageHeader } from './PageHeader.js';
import './cardList.css';

/** What both add buttons (the header's, and the floating one below md) do when used. */
export interface AddHandlers {
  onClick: () => void;
  disabled?: boolean;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}

export interface CardListPageProps<T extends { id: string }> {
  title: string;
  intro: ReactNode;
  /** The refresh button's accessible name. */
  refreshLabel: string;
  add: AddHandlers;
  /** The header button's text, and the floating button's accessible name. */
  addText: string;
  addLabel: string;
  /** The list as SWR has it; refresh reloads it. */
  list: { error: unknown; data: T[] | undefined; isLoading: boolean; isValidating: boolean; mutate: () => unknown };
  texts: { failed: string; loading: string; listLabel: string };
  empty: EmptyStateProps;
  card: (item: T) => ReactNode;
  /** A notice between the header and the list. */
  notice?: ReactNode;
  /** After the list: a dialog the add buttons open. */
  children?: ReactNode;
}

/** A page listing cards (agents, web chat bots): header, the list or its state, a floating add button. */
export function CardListPage<T extends { id: string }>(props: CardListPageProps<T>) {
  const { list, texts } = props;
  let body: ReactNode;
  if (list.error) body = <ErrorCallout>{texts.failed}</ErrorCallout>;
  else if (!list.data) body = <LoadingState label={texts.loading} />;
  else if (list.data.length === 0) body = <EmptyState {...props.empty} />;
  else
    body = (
      <ul className="sb-card-grid" aria-label={texts.listLabel}>
        {list.data.map((item) => (
          <li key={item.id}>{props.card(item)}</li>
        ))}
      </ul>
    );

  return (
    <Flex direction="column" gap="5" className="sb-card-page">
      <PageHeader
        title={props.title}
        intro={props.intro}
        refresh={{
          label: props.refreshLabel,
          busy: list.isLoading || list.isValidating,
          onClick: () => void list.mutate(),
        }}
        actions={
          <Button className="sb-card-page-add" {...props.add}>
            <PlusIcon /> {props.addText}
          </Button>
        }
      />
      {props.notice}
      {body}
      <IconButton size="4" radius="full" className="sb-card-page-fab" aria-label={props.addLabel} {...props.add}>
        <PlusIcon width="22" height="22" />
      </IconButton>
      {props.children}
    </Flex>
  );
}

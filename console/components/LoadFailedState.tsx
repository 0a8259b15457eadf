import type { BackLink } from './BackButton.js';
import { ErrorCallout } from './ErrorCallout.js';
import { PageState } from './PageState.js';

export interface LoadFailedStateProps {
  /** The page's h1, as when it loads ('Bot Settings'). */
  title: string;
  /** What went wrong, in the alert ('Failed to load bot'). */
  message: string;
  /** The way out, e.g. `{ to: '/webchats', label: 'Back to Web Chats' }`. */
  back: BackLink;
}

/** What a page shows when the thing it is about could not be loaded: the look of NotFoundState, with the reason in an alert. */
export function LoadFailedState({ title, message, back }: LoadFailedStateProps) {
  return (
    <PageState title={title} back={back} gap="4">
      <ErrorCallout>{message}</ErrorCallout>
    </PageState>
  );
}

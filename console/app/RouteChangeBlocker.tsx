import { useBlocker } from 'react-router-dom';
import { LazyConfirmDialog } from './LazyConfirmDialog.js';
import { UNSAVED_TEXTS } from './unsavedTexts.js';

export interface RouteChangeBlockerProps {
  /** Read at navigation time, so it sees edits made a moment ago. */
  shouldBlock: () => boolean;
}

/**
 * Holds an in-app navigation to another page while there are unsaved edits and asks whether to
 * leave. Changes of the query alone (the Tools page's tab) pass.
 */
export function RouteChangeBlocker({ shouldBlock }: RouteChangeBlockerProps) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldBlock());
  const blocked = blocker.state === 'blocked';
  return (
    <LazyConfirmDialog
      open={blocked}
      onOpenChange={(open) => !open && blocked && blocker.reset()}
      title={UNSAVED_TEXTS.title}
      description={UNSAVED_TEXTS.description}
      confirmLabel={UNSAVED_TEXTS.leave}
      onConfirm={() => {
        if (blocked) blocker.proceed();
      }}
    />
  );
}

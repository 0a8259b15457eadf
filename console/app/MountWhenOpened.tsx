import { type ReactNode, Suspense } from 'react';
import { useOpenedOnce } from './useOpenedOnce.js';

export interface MountWhenOpenedProps {
  /** Whether the dialog or menu inside is open. */
  open: boolean;
  /** A lazily loaded dialog or menu (lazyComponent), given `open` itself. */
  children: ReactNode;
}

/**
 * Mounts a lazily loaded dialog or menu the first time it opens, so showing a page does not
 * download it (issue 12), and keeps it mounted from then on so it still animates closed and keeps
 * its state. Until its chunk has arrived nothing shows, and focus stays on the opener: the dialog
 * then takes focus as usual, and remembers the opener to give it back (useReturnFocus).
 */
export function MountWhenOpened({ open, children }: MountWhenOpenedProps) {
  const mounted = useOpenedOnce(open);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

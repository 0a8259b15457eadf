import { useState } from 'react';

/**
 * False until `open` is first true, then true for good: a lazily loaded dialog or menu is mounted
 * from its first opening on, so it can still animate closed and keeps its state after.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

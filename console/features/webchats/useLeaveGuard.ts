import { useEffect } from 'react';

export const LEAVE_CONFIRM_TEXT = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Asks before unsaved edits are lost: closing or reloading the tab (beforeunload) and following a
 * link inside the console. The console runs under a BrowserRouter, where react-router's useBlocker
 * is not available; a capture listener sees a link's click before react-router's own handler, which
 * leaves a prevented click alone. The browser's Back button is not covered.
 */
const askUser = (text: string) => window.confirm(text);

export function useLeaveGuard(dirty: boolean, confirm: (text: string) => boolean = askUser): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
      const next = new URL(anchor.href, window.location.href);
      if (next.origin !== window.location.origin || next.pathname === window.location.pathname) return;
      if (!confirm(LEAVE_CONFIRM_TEXT)) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, confirm]);
}

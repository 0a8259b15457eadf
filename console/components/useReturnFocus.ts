import { useCallback, useState } from 'react';

/** The id of the layout's <main>, where focus goes when the opener is gone (see Layout). */
export const MAIN_CONTENT_ID = 'sb-main';

function focusedElement(): HTMLElement | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

function canTakeFocus(element: HTMLElement): boolean {
  return element.isConnected && !element.matches(':disabled') && !element.closest('[inert]');
}

/**
 * Radix gives focus back to a dialog's Dialog.Trigger when it closes. Ours are opened from
 * buttons that are not triggers (page headers, table rows, the floating button, the menu
 * button), so Radix had nothing to focus and focus fell to <body> (issue 7, finding 11).
 *
 * This remembers what had focus when `open` became true (read during render, before React
 * commits the dialog and its autoFocus field) and answers the Content's onCloseAutoFocus handler
 * that focuses it again, or the page's <main> when the opener is gone or disabled (a deleted
 * row's button, a locked page).
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const [state, setState] = useState(() => ({ open, opener: open ? focusedElement() : null }));
  if (state.open !== open) setState({ open, opener: open ? focusedElement() : state.opener });
  const opener = state.opener;

  return useCallback(
    (event: Event) => {
      // Opened without a remembered opener (an uncontrolled dialog with its own Trigger): Radix knows best.
      if (!opener) return;
      event.preventDefault();
      if (canTakeFocus(opener)) {
        opener.focus();
        if (document.activeElement === opener) return;
      }
      document.getElementById(MAIN_CONTENT_ID)?.focus();
    },
    [opener],
  );
}

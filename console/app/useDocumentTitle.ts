import { useEffect } from 'react';

export const APP_TITLE = 'Switchboard';

/** 'Agents · Switchboard'; just 'Switchboard' without a page name. */
export function documentTitle(page?: string | null): string {
  const name = page?.trim();
  return name ? `${name} · ${APP_TITLE}` : APP_TITLE;
}

/**
 * Gives the browser tab the page's own title (issue 7, finding 15) and puts the previous one back
 * on unmount, so an embedding page gets its title back when the console goes away.
 */
export function useDocumentTitle(page: string | null | undefined): void {
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle(page);
    return () => {
      document.title = previous;
    };
  }, [page]);
}

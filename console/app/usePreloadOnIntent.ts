import { type SyntheticEvent, useCallback } from 'react';
import { useHref } from 'react-router-dom';

/**
 * A handler for pointer-over, touch-start and focus events that calls `preload` with the console
 * path of the link under the pointer or focus, so a page's chunk is on its way before the click.
 * React events bubble through portals, so links in the menu drawer count too.
 */
export function usePreloadOnIntent(preload: (pathname: string) => void): (event: SyntheticEvent) => void {
  // '/' or the basename, e.g. '/console'.
  const root = useHref('/').replace(/\/$/, '');
  return useCallback(
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const { pathname } = link;
      if (pathname === root || pathname.startsWith(`${root}/`)) preload(pathname.slice(root.length) || '/');
    },
    [root, preload],
  );
}

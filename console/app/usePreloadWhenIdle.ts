import { useEffect } from 'react';

/**
 * Calls `preload` once the browser has nothing better to do after this component shows, so the
 * page a user most likely opens next is fetched without slowing the one on screen. Safari has no
 * requestIdleCallback; a short timer stands in.
 */
export function usePreloadWhenIdle(preload: () => void): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preload, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 200);
    return () => clearTimeout(timer);
  }, [preload]);
}

import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { ChunkLoadError } from './ChunkLoadError.js';

export interface LazyComponent<P extends object> {
  /**
   * Renders the component once its chunk has arrived; suspends until then. If the chunk cannot be
   * fetched it throws a ChunkLoadError, for the nearest LoadErrorBoundary.
   */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts fetching the chunk now (idempotent), for something the user is about to open. */
  preload: () => void;
  /** Props for the control that opens it: pointing at it or focusing it starts the fetch. */
  opener: { onPointerEnter: () => void; onFocus: () => void };
}

/**
 * A component in its own chunk, fetched on first render or on `preload()`, whichever comes first
 * (issue 12: showing a page downloads that page, not the whole console). A failed preload is
 * forgotten, so a later render tries the network again.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        throw new ChunkLoadError(error);
      },
    ));
  const preload = () => {
    start().catch(() => {
      loading = null;
    });
  };
  return { Component: lazy(start), preload, opener: { onPointerEnter: preload, onFocus: preload } };
}

import { Component, type ReactNode } from 'react';
import { LoadErrorScreen } from './LoadErrorScreen.js';

export interface LoadErrorBoundaryProps {
  children: ReactNode;
  /** When it changes (the page's path), a shown error is dropped and the children tried again. */
  resetKey?: string;
}

interface LoadErrorBoundaryState {
  error: { value: unknown } | null;
}

/**
 * Shows LoadErrorScreen instead of a blank console when what it wraps throws while rendering,
 * above all a lazy page or dialog whose chunk is gone after a deploy (ChunkLoadError). A class:
 * React has no hook for catching render errors.
 */
export class LoadErrorBoundary extends Component<LoadErrorBoundaryProps, LoadErrorBoundaryState> {
  override state: LoadErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): LoadErrorBoundaryState {
    return { error: { value: error } };
  }

  override componentDidUpdate(previous: LoadErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    return this.state.error ? <LoadErrorScreen error={this.state.error.value} /> : this.props.children;
  }
}

import { lazy, Suspense } from 'react';
import { LoadingState } from '../../components/LoadingState.js';

// A separate chunk: the editor brings CodeMirror, which no other page needs.
const ToolPage = lazy(() => import('./ToolPage.js').then((module) => ({ default: module.ToolPage })));

/** The tool editor route, fetched on first visit. */
export function LazyToolPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading editor..." />}>
      <ToolPage />
    </Suspense>
  );
}

import { Suspense } from 'react';
import { lazyComponent } from '../../app/lazyComponent.js';
import { LoadingState } from '../../components/LoadingState.js';

// A separate chunk: the editor brings CodeMirror, which no other page needs.
const ToolPage = lazyComponent(() => import('./ToolPage.js').then((module) => module.ToolPage));

/** The tool editor route, fetched on first visit. */
export function LazyToolPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading editor..." />}>
      <ToolPage.Component />
    </Suspense>
  );
}

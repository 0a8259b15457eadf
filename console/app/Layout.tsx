import { Box, Container } from '@radix-ui/themes';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '../components/LoadingState.js';
import { MAIN_CONTENT_ID } from '../components/useReturnFocus.js';
import { ImpersonationBanner } from './ImpersonationBanner.js';
import { LoadErrorBoundary } from './LoadErrorBoundary.js';
import { NavBar } from './NavBar.js';
import { SkipLink } from './SkipLink.js';
import { usePreloadOnIntent } from './usePreloadOnIntent.js';

export interface LayoutProps {
  /** Called with the console path of a link the user points at or focuses, to fetch its page early. */
  preload?: (pathname: string) => void;
}

const nothing = () => {};

/**
 * The shell around every protected page: skip link, banner, top bar, page. Pages arrive in their
 * own chunks; until the first one has, the page area shows the usual loading state under the bar.
 * Later navigations run in a transition (react-router), so the current page stays on screen until
 * the next one is ready instead of blinking to the loading state.
 */
export function Layout({ preload = nothing }: LayoutProps) {
  const onIntent = usePreloadOnIntent(preload);
  const { pathname } = useLocation();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation; these events bubble up from the links and buttons inside.
    <div className="sb-shell" onPointerOver={onIntent} onTouchStart={onIntent} onFocus={onIntent}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <ImpersonationBanner />
      <NavBar />
      <Box asChild px={{ initial: '3', sm: '5' }} py="5">
        {/* Focusable from script only: the skip link and closing dialogs whose opener is gone land here. */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="sb-main">
          <Container size="4">
            {/* A page that fails (its chunk gone after a deploy) says so under the bar, until the next page. */}
            <LoadErrorBoundary resetKey={pathname}>
              <Suspense fallback={<LoadingState label="Loading..." />}>
                <Outlet />
              </Suspense>
            </LoadErrorBoundary>
          </Container>
        </main>
      </Box>
    </div>
  );
}

import { Outlet } from 'react-router-dom';
import { Box, Container } from '@radix-ui/themes';
import { MAIN_CONTENT_ID } from '../components/useReturnFocus.js';
import { ImpersonationBanner } from './ImpersonationBanner.js';
import { NavBar } from './NavBar.js';
import { SkipLink } from './SkipLink.js';

/** The shell around every protected page: skip link, banner, top bar, page. */
export function Layout() {
  return (
    <div className="sb-shell">
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <ImpersonationBanner />
      <NavBar />
      <Box asChild px={{ initial: '3', sm: '5' }} py="5">
        {/* Focusable from script only: the skip link and closing dialogs whose opener is gone land here. */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="sb-main">
          <Container size="4">
            <Outlet />
          </Container>
        </main>
      </Box>
    </div>
  );
}

import { Outlet } from 'react-router-dom';
import { Box, Container } from '@radix-ui/themes';
import { ImpersonationBanner } from './ImpersonationBanner.js';
import { NavBar } from './NavBar.js';

/** The shell around every protected page: banner, top bar, page. */
export function Layout() {
  return (
    <div className="sb-shell">
      <ImpersonationBanner />
      <NavBar />
      <Box asChild px={{ initial: '3', sm: '5' }} py="5">
        <main>
          <Container size="4">
            <Outlet />
          </Container>
        </main>
      </Box>
    </div>
  );
}

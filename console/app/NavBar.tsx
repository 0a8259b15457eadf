import { Flex, IconButton } from '@radix-ui/themes';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MenuIcon } from '../components/icons.js';
import { lazyComponent } from './lazyComponent.js';
import { MountWhenOpened } from './MountWhenOpened.js';
import { NavLinks } from './NavLinks.js';
import { UserMenu } from './UserMenu.js';

// Fetched when the menu button is pointed at, focused or pressed: the dialog machinery behind it
// is not needed to show a page (issue 12).
const Drawer = lazyComponent(() => import('./NavDrawer.js').then((m) => m.NavDrawer));

/**
 * The top bar. Both layouts are rendered and CSS media queries at the spec's 900 px breakpoint
 * show one of them (theme.css), so nothing measures the window.
 */
export function NavBar() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className="sb-topbar">
      <Flex align="center" gap="5" px="4" className="sb-topbar-inner">
        <RouterLink to="/" className="sb-logo">
          Switchboard
        </RouterLink>
        <nav aria-label="Main" className="sb-wide-only sb-bar-nav">
          <Flex align="center" gap="4">
            <NavLinks variant="bar" />
          </Flex>
        </nav>
        <Flex ml="auto" align="center" gap="2">
          <div className="sb-wide-only">
            <UserMenu />
          </div>
          <IconButton
            className="sb-narrow-only"
            variant="ghost"
            color="gray"
            highContrast
            size="3"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            {...Drawer.opener}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon width="20" height="20" />
          </IconButton>
        </Flex>
      </Flex>
      <MountWhenOpened open={drawerOpen}>
        <Drawer.Component open={drawerOpen} onOpenChange={setDrawerOpen} />
      </MountWhenOpened>
    </header>
  );
}

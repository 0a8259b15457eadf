import { Button } from '@radix-ui/themes';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAuth } from '../lib/session/useAuth.js';
import { ADMIN_NAV_ITEM, NAV_ITEMS, type NavItem } from './navItems.js';

export interface NavLinksProps {
  /** 'bar': the horizontal bar; 'drawer': full-width rows in the narrow-screen drawer. */
  variant: 'bar' | 'drawer';
  /** Called after an entry is chosen (the drawer closes itself). */
  onNavigate?: () => void;
}

/**
 * Every entry has the same variant, so the same padding and margins, and its label reserves the
 * width of its bold form: the bar no longer shifts when the current page changes (issue 7,
 * finding 15). Only colour, background and weight mark the current entry.
 */
function NavEntry({ item, pathname, variant, onNavigate }: NavLinksProps & { item: NavItem; pathname: string }) {
  const active = item.isActive(pathname);
  return (
    <Button
      asChild
      variant="ghost"
      color={active ? undefined : 'gray'}
      highContrast={!active}
      size={variant === 'drawer' ? '3' : '2'}
      className={variant === 'drawer' ? 'sb-drawer-link' : 'sb-bar-link'}
      data-active={active || undefined}
    >
      <RouterLink to={item.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        <span className="sb-nav-label" data-label={item.label}>
          {item.label}
        </span>
      </RouterLink>
    </Button>
  );
}

/** Admin (when allowed) and the five entries; the drawer lists Admin first (spec part 1 §2). */
export function NavLinks(props: NavLinksProps) {
  const { pathname } = useLocation();
  const { isAdmin } = useAuth();
  const entries = NAV_ITEMS.map((item) => <NavEntry key={item.to} item={item} pathname={pathname} {...props} />);
  const admin = isAdmin ? <NavEntry key="admin" item={ADMIN_NAV_ITEM} pathname={pathname} {...props} /> : null;
  return props.variant === 'drawer' ? (
    <>
      {admin}
      {entries}
    </>
  ) : (
    <>
      {entries}
      {admin}
    </>
  );
}

/** Navigation entries and their highlighting rules (spec part 1 §2 "Navigation bar"). */

export interface NavItem {
  label: string;
  to: string;
  isActive: (pathname: string) => boolean;
}

const exact = (path: string) => (pathname: string) => pathname === path;
const withSubPaths = (path: string) => (pathname: string) => pathname === path || pathname.startsWith(`${path}/`);

export const NAV_ITEMS: readonly NavItem[] = [
  // Agents is the landing page for most users, so it also lights up on `/`.
  { label: 'Agents', to: '/agents', isActive: (p) => p === '/' || withSubPaths('/agents')(p) },
  { label: 'Sessions', to: '/sessions', isActive: withSubPaths('/sessions') },
  { label: 'Web Chats', to: '/webchats', isActive: withSubPaths('/webchats') },
  { label: 'Tools', to: '/tools', isActive: withSubPaths('/tools') },
  { label: 'Analytics', to: '/analytics', isActive: exact('/analytics') },
  { label: 'Integrations', to: '/integrations', isActive: exact('/integrations') },
  { label: 'Settings', to: '/settings', isActive: exact('/settings') },
];

export const ADMIN_NAV_ITEM: NavItem = { label: 'Admin', to: '/admin', isActive: exact('/admin') };

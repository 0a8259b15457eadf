import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_NAV_ITEM, NAV_ITEMS } from '../../console/app/navItems.js';
import { ADMIN, renderAsUser, renderConsole, USER } from '../helpers/consoleRender.js';

function activeFor(pathname: string): string[] {
  return [...NAV_ITEMS, ADMIN_NAV_ITEM].filter((item) => item.isActive(pathname)).map((item) => item.label);
}

describe('navigation highlighting rules', () => {
  it.each([
    ['/', ['Agents']],
    ['/agents', ['Agents']],
    ['/agents/abc', ['Agents']],
    ['/agentsmith', []],
    ['/sessions', ['Sessions']],
    ['/sessions/MZ123', ['Sessions']],
    ['/webchats/new', ['Web Chats']],
    ['/tools', ['Tools']],
    ['/tools/7', ['Tools']],
    ['/tools/new', ['Tools']],
    ['/analytics', ['Analytics']],
    ['/settings', ['Settings']],
    ['/settings/extra', []],
    ['/admin', ['Admin']],
    ['/admin/users', []],
  ])('%s highlights %j', (pathname, expected) => {
    expect(activeFor(pathname)).toEqual(expected);
  });
});

function barLinks() {
  const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
  return within(nav).getAllByRole('link');
}

function currentLinkText(): string[] {
  return barLinks()
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');
}

describe('navigation bar', () => {
  it('lists the entries in order, without Admin for a regular user', async () => {
    renderAsUser('/agents');
    await screen.findAllByRole('navigation', { name: 'Main' });
    expect(barLinks().map((l) => l.textContent)).toEqual([
      'Agents',
      'Sessions',
      'Web Chats',
      'Tools',
      'Analytics',
      'Integrations',
      'Settings',
    ]);
    expect(screen.getByText('Switchboard')).toBeTruthy();
  });

  it('marks Agents current on /agents/x and Tools on /tools/x', async () => {
    const first = renderAsUser('/agents/x');
    await screen.findAllByRole('navigation', { name: 'Main' });
    expect(currentLinkText()).toEqual(['Agents']);
    first.unmount();

    renderAsUser('/tools/x');
    await screen.findAllByRole('navigation', { name: 'Main' });
    expect(currentLinkText()).toEqual(['Tools']);
  });

  it('draws current and other entries with the same button variant, each label reserving its bold width', async () => {
    renderAsUser('/tools');
    await screen.findAllByRole('navigation', { name: 'Main' });
    const variants = new Set(barLinks().map((link) => [...link.classList].find((c) => c.startsWith('rt-variant-'))));
    expect([...variants]).toEqual(['rt-variant-ghost']);
    for (const link of barLinks()) {
      expect(link.querySelector('.sb-nav-label')?.getAttribute('data-label')).toBe(link.textContent);
    }
  });

  it('marks Settings current on /settings only', async () => {
    renderAsUser('/settings', { 'GET /accounts/settings': { body: { success: true, settings: {} } } });
    await screen.findByRole('heading', { name: 'Settings' });
    expect(currentLinkText()).toEqual(['Settings']);
  });

  it('shows Admin for an admin, even while impersonating a regular user', async () => {
    renderConsole({ path: '/agents', session: { user: ADMIN, impersonating: USER } });
    await screen.findAllByRole('navigation', { name: 'Main' });
    expect(barLinks().map((l) => l.textContent)).toContain('Admin');
    // The bar shows the effective user and the badge.
    expect(screen.getByRole('button', { name: /Account menu for bob/ })).toBeTruthy();
    expect(screen.getAllByText('Impersonating').length).toBeGreaterThan(0);
  });

  it('navigates when an entry is chosen', async () => {
    const app = renderAsUser('/agents');
    await screen.findAllByRole('navigation', { name: 'Main' });
    await app.user.click(barLinks().find((l) => l.textContent === 'Sessions')!);
    await waitFor(() => expect(app.location()).toBe('/sessions'));
  });
});

describe('account menu', () => {
  // Its code arrives when the menu is first reached for (issue 12); the first press still opens it.
  it('opens from the keyboard with ArrowDown, focused on Logout, and gives focus back on Escape', async () => {
    const app = renderAsUser('/agents');
    await screen.findAllByRole('navigation', { name: 'Main' });
    screen.getByRole('button', { name: /Account menu for bob/ }).focus();
    await app.user.keyboard('{ArrowDown}');
    const logout = await screen.findByRole('menuitem', { name: 'Logout' });
    await waitFor(() => expect(document.activeElement).toBe(logout));
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const trigger = screen.getByRole('button', { name: /Account menu for bob/ });
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('narrow-screen drawer', () => {
  it('opens from the menu button, shows user and entries, navigates and closes', async () => {
    const app = renderConsole({ path: '/agents', session: { user: ADMIN, impersonating: USER } });
    await screen.findAllByRole('navigation', { name: 'Main' });
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('bob')).toBeTruthy();
    expect(within(drawer).getByText('Impersonating')).toBeTruthy();
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Admin', 'Agents', 'Sessions', 'Web Chats', 'Tools', 'Analytics', 'Integrations', 'Settings']);
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeTruthy();

    await app.user.click(within(drawer).getByRole('link', { name: 'Tools' }));
    expect(app.location()).toBe('/tools');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('closes with Escape', async () => {
    const app = renderAsUser('/agents');
    await screen.findAllByRole('navigation', { name: 'Main' });
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });
});

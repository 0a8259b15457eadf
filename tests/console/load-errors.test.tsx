/**
 * A tab opened before a deploy asks for page code that is no longer there (issue 12): instead of a
 * blank page it says so and offers Reload. The agents page and the menu drawer stand in for any
 * lazily loaded part: their modules fail to load here as a missing chunk does in the browser.
 */

import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_ERROR_TEXTS } from '../../console/app/LoadErrorScreen.js';
import { renderAsUser } from '../helpers/consoleRender.js';

vi.mock('../../console/features/agents/AgentsPage.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/AgentsPage-old.js');
});
vi.mock('../../console/app/NavDrawer.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/NavDrawer-old.js');
});

beforeEach(() => {
  // React reports every error a boundary catches; here they are the point of the test.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

function mainNav(): HTMLElement {
  return screen.getAllByRole('navigation', { name: 'Main' })[0]!;
}

describe('a part of the console that cannot be loaded', () => {
  it('a page: says so under the bar with Reload, which reloads the tab', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const app = renderAsUser('/agents');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: LOAD_ERROR_TEXTS.chunkTitle })).toBeTruthy();
    expect(within(main).getByText(LOAD_ERROR_TEXTS.chunkDescription)).toBeTruthy();
    expect(mainNav()).toBeTruthy();
    await app.user.click(within(main).getByRole('button', { name: LOAD_ERROR_TEXTS.reload }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a page: the next page shows as usual', async () => {
    const app = renderAsUser('/agents');
    await screen.findByRole('heading', { level: 1, name: LOAD_ERROR_TEXTS.chunkTitle });
    await app.user.click(within(mainNav()).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: LOAD_ERROR_TEXTS.chunkTitle })).toBeNull();
  });

  it('a part of the shell (the menu drawer): the whole console says so, with Reload', async () => {
    const app = renderAsUser('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('heading', { level: 1, name: LOAD_ERROR_TEXTS.chunkTitle })).toBeTruthy();
    expect(screen.getByRole('button', { name: LOAD_ERROR_TEXTS.reload })).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsUser } from '../helpers/consoleRender.js';

// Needs fresh modules: the first test watches a page load for the first time in this worker.

// Pages are fetched on first visit (issue 12); the shell around them is not.
describe('lazily loaded pages', () => {
  it('shows the bar with a loading state in the page area, then the page with its own title', async () => {
    renderAsUser('/agents', { 'GET /agents': { body: [] } });
    await screen.findAllByRole('navigation', { name: 'Main' });
    expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Agents' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Agents · Switchboard'));
  });

  it('keeps the current page on screen until the next one has loaded', async () => {
    const app = renderAsUser('/agents', { 'GET /agents': { body: [] } });
    await screen.findByRole('heading', { level: 1, name: 'AI Agents' });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    await app.user.click(within(nav).getByRole('link', { name: 'Settings' }));
    // No blank page in between: the agents heading stays until the settings page replaces it.
    expect(within(screen.getByRole('main')).queryByText('Loading...')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'AI Agents' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Settings · Switchboard'));
  });
});

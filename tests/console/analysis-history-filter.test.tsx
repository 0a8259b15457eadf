/**
 * The history search's Success filter (issue 21 part C): choosing Pass or Fail sends
 * `success=pass|fail` and keeps it in the address, and a shared address opens with it chosen.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choose } from './agents-fixtures.js';
import { renderSessions, sessionsRoutes } from './sessions-fixtures.js';

const routes = () =>
  sessionsRoutes({
    'GET /webchats': { body: [] },
    'GET /history/search': { body: { success: true, results: [], total: 0, more: false, limit: 10, offset: 0 } },
  });

describe('the Success filter of the history search', () => {
  it('sends the chosen verdict and keeps it in the address', async () => {
    const app = renderSessions('/sessions', routes());
    const search = await screen.findByRole('search', { name: 'Search calls and chats' });
    await app.user.click(within(search).getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('combobox', { name: 'Success' }).textContent).toBe('Any result');
    await choose(app, 'Success', 'Fail');
    await app.user.click(within(search).getByRole('button', { name: 'Search' }));
    await screen.findByText('No calls or chats match');
    expect(app.fake.callsTo('GET /history/search').at(-1)?.query.get('success')).toBe('fail');
    expect(new URLSearchParams(app.history.location.search).get('success')).toBe('fail');
  });

  it('opens with the verdict a shared address sets', async () => {
    const app = renderSessions('/sessions?success=pass', routes());
    expect(await screen.findByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Success' }).textContent).toBe('Pass');
    await screen.findByText('No calls or chats match');
    expect(app.fake.callsTo('GET /history/search').at(-1)?.query.get('success')).toBe('pass');
  });
});

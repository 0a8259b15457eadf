/**
 * The Ended table's sort, page size and page live in the Sessions address (issue 18), like the
 * search: they survive going into a session and coming back (by the page's back arrow or the
 * browser's Back), a reload, and a search made meanwhile.
 */

import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole, USER } from '../helpers/consoleRender.js';
import { choose, SALES, SUPPORT } from './agents-fixtures.js';
import {
  endedSessions,
  pagedEnded,
  pinClock,
  renderSessions,
  rowsOf,
  sessionsRoutes,
  waitFor,
} from './sessions-fixtures.js';

pinClock();

const all = endedSessions(37);
const paged = pagedEnded(all);
/** Every ended session's detail, so a row opens. */
const details = Object.fromEntries(all.map((s) => [`GET /sessions/active-sessions/${s.streamSid}`, { body: s }]));
const routes = () =>
  sessionsRoutes({
    'GET /sessions/ended-sessions': paged,
    ...details,
    'GET /sessions/messages/MZended35': { body: [] },
  });

type App = ReturnType<typeof renderSessions>;
const address = (app: App) => `${app.history.location.pathname}${app.history.location.search}`;
const lastQuery = (app: App) => Object.fromEntries(app.fake.callsTo('GET /sessions/ended-sessions').at(-1)!.query);

/** Oldest first, 25 a page, the second page: the 12 oldest-but-25 sessions. */
async function leaveOnPageTwo(app: App) {
  await screen.findByRole('table', { name: 'Ended Sessions' });
  await app.user.click(screen.getByRole('button', { name: 'Newest first' }));
  await screen.findByRole('button', { name: 'Oldest first' });
  await choose(app, 'Rows per page', '25');
  await screen.findByText('1–25 of 37');
  await app.user.click(screen.getByRole('button', { name: 'Next page' }));
  await screen.findByText('26–37 of 37');
  expect(address(app)).toBe('/sessions?endedSort=asc&endedSize=25&endedPage=2');
}

describe('the ended table in the address', () => {
  it('keeps sort, page size and page when going into a session and back by its arrow', async () => {
    const app = renderSessions('/sessions', routes());
    await leaveOnPageTwo(app);
    await app.user.click(rowsOf('Ended Sessions')[1]!.querySelector('td')!);
    await waitFor(() => expect(app.location()).toBe('/sessions/MZended10'));
    const back = await screen.findByRole('link', { name: 'Back to sessions' });
    expect(back.getAttribute('href')).toBe('/sessions?endedSort=asc&endedSize=25&endedPage=2');
    await app.user.click(back);
    await screen.findByText('26–37 of 37');
    expect(lastQuery(app)).toEqual({ limit: '25', offset: '25', order: 'asc' });
    expect(screen.getByRole('button', { name: 'Oldest first' })).toBeTruthy();
  });

  it("keeps them when coming back with the browser's Back, and the page changes did not pile up in history", async () => {
    const app = renderConsole({
      before: ['/agents'],
      path: '/sessions',
      session: { user: USER },
      routes: { ...routes(), 'GET /agents': { body: [SUPPORT, SALES] } },
    });
    await leaveOnPageTwo(app);
    await app.user.click(within(rowsOf('Ended Sessions')[0]!).getByRole('link', { name: /open session/ }));
    await waitFor(() => expect(app.location()).toBe('/sessions/MZended11'));
    act(() => app.history.go(-1));
    await screen.findByText('26–37 of 37');
    expect(address(app)).toBe('/sessions?endedSort=asc&endedSize=25&endedPage=2');
    act(() => app.history.go(-1));
    await waitFor(() => expect(app.location()).toBe('/agents'));
  });

  it('opens on the page the address asks for, and falls back to the defaults for what the table does not offer', async () => {
    const app = renderSessions('/sessions?endedSize=5&endedPage=3', routes());
    await screen.findByText('11–15 of 37');
    expect(lastQuery(app)).toEqual({ limit: '5', offset: '10', order: 'desc' });
    app.unmount();
    const odd = renderSessions('/sessions?endedSize=7&endedPage=-2&endedSort=sideways', routes());
    await screen.findByText('1–10 of 37');
    expect(lastQuery(odd)).toEqual({ limit: '10', offset: '0', order: 'desc' });
  });

  it('keeps them through a search, and the search through a page change', async () => {
    const app = renderSessions('/sessions?endedPage=2', {
      ...routes(),
      'GET /webchats': { body: [] },
      'GET /history/search': { body: { success: true, results: [], total: 0, more: false, limit: 10, offset: 0 } },
    });
    await screen.findByText('11–20 of 37');
    await app.user.type(screen.getByRole('searchbox'), 'refund{Enter}');
    await waitFor(() => expect(app.history.location.search).toContain('q=refund'));
    expect(app.history.location.search).toContain('endedPage=2');
    await app.user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(app.history.location.search).toContain('endedPage=3'));
    expect(app.history.location.search).toContain('q=refund');
  });
});

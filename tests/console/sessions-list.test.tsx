import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../shared/format.js';
import { deferred } from '../helpers/consoleFakeApi.js';
import { choose } from './agents-fixtures.js';
import {
  cellTexts,
  endedPage,
  endedSessions,
  LIVE,
  makeSession,
  NOW,
  openSocket,
  pagedEnded,
  pinClock,
  renderSessions,
  rowsOf,
  sessionsRoutes,
  waitFor,
} from './sessions-fixtures.js';

pinClock();

describe('sessions page', () => {
  it('shows a loading state for each table, then both tables with their columns', async () => {
    const active = deferred<{ body: unknown }>();
    const ended = deferred<{ body: unknown }>();
    renderSessions(
      '/sessions',
      sessionsRoutes({
        'GET /sessions/active-sessions': () => active.promise,
        'GET /sessions/ended-sessions': () => ended.promise,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Sessions', level: 1 })).toBeTruthy();
    expect(screen.getByText('Loading sessions...').closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('Loading ended sessions...')).toBeTruthy();
    active.resolve({ body: { success: true, sessions: [LIVE] } });
    ended.resolve(endedPage(endedSessions(1)));

    const activeTable = await screen.findByRole('table', { name: 'Active Sessions' });
    expect(
      within(activeTable)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Agent', 'Call Type', 'From', 'To', 'Duration']);
    const endedTable = await screen.findByRole('table', { name: 'Ended Sessions' });
    expect(
      within(endedTable)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Agent', 'Call Type', 'From', 'To', 'Start Time', 'End Time', 'Duration']);
    expect(screen.getByRole('region', { name: 'Active Sessions' })).toBeTruthy();
    expect(document.title).toBe('Sessions · Switchboard');
    expect(screen.getByRole('region', { name: 'Ended Sessions' })).toBeTruthy();
  });

  it('lists active sessions with agent name, call type, formatted numbers and duration', async () => {
    renderSessions('/sessions', sessionsRoutes());
    await screen.findByRole('table', { name: 'Active Sessions' });
    await screen.findAllByRole('link', { name: 'Support Bot' });
    const [first, second] = rowsOf('Active Sessions');
    expect(cellTexts(first!)).toEqual(['Support Bot', 'inbound', '+1 (415) 555-0123', '+1 (415) 555-0100', '1m 5s']);
    // A number that is not +1 and 12 characters stays as it is; hours show as h m s.
    expect(cellTexts(second!)).toEqual(['Sales Bot', 'outbound', '+1 (415) 555-0111', '+442071838750', '1h 2m 5s']);
  });

  it('ticks every active duration each second from a single interval', async () => {
    // Not vi.spyOn: vitest restores every spy again after the file, which would put this test's
    // fake setInterval back for the worker's next files (whose waitFor would then never poll).
    const fakeSetInterval = globalThis.setInterval;
    const delays: (number | undefined)[] = [];
    globalThis.setInterval = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
      delays.push(ms);
      return fakeSetInterval(handler, ms, ...args);
    }) as typeof setInterval;
    try {
      renderSessions('/sessions', sessionsRoutes());
      await screen.findByText('1h 2m 5s');
      expect(screen.getByText('1m 5s')).toBeTruthy();
      act(() => void vi.advanceTimersByTime(1000));
      expect(screen.getByText('1m 6s')).toBeTruthy();
      expect(screen.getByText('1h 2m 6s')).toBeTruthy();
      act(() => void vi.advanceTimersByTime(54_000));
      expect(screen.getByText('2m 0s')).toBeTruthy();
      expect(delays.filter((ms) => ms === 1000)).toHaveLength(1);
    } finally {
      globalThis.setInterval = fakeSetInterval;
    }
  });

  it("says 'No active sessions found' and 'No ended sessions found' when both are empty", async () => {
    renderSessions(
      '/sessions',
      sessionsRoutes({
        'GET /sessions/active-sessions': { body: { success: true, sessions: [] } },
        'GET /sessions/ended-sessions': endedPage([]),
      }),
    );
    expect(await screen.findByText('No active sessions found')).toBeTruthy();
    expect(await screen.findByText('No ended sessions found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it("shows 'Failed to fetch sessions' and 'Failed to fetch ended sessions' when the calls fail", async () => {
    renderSessions(
      '/sessions',
      sessionsRoutes({
        'GET /sessions/active-sessions': { status: 500 },
        'GET /sessions/ended-sessions': { status: 500 },
      }),
    );
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .map((a) => a.textContent)
          .sort(),
      ).toEqual(['Failed to fetch ended sessions', 'Failed to fetch sessions']),
    );
  });

  it("treats an answer without a session list as a failure, not as 'no sessions'", async () => {
    renderSessions('/sessions', sessionsRoutes({ 'GET /sessions/active-sessions': { body: { success: false } } }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch sessions');
    expect(screen.queryByText('No active sessions found')).toBeNull();
  });

  it('lists ended sessions with start, end and duration; bad timestamps read Invalid Date', async () => {
    const [good] = endedSessions(1);
    const broken = makeSession({
      streamSid: 'MZbad',
      active: false,
      startTime: -5,
      endTime: 4_200_000_000_000,
      duration: 3725,
    });
    renderSessions('/sessions', sessionsRoutes({ 'GET /sessions/ended-sessions': endedPage([good!, broken]) }));
    await screen.findByRole('table', { name: 'Ended Sessions' });
    await screen.findAllByRole('link', { name: 'Support Bot' });
    const [first, second] = rowsOf('Ended Sessions');
    expect(cellTexts(first!)).toEqual([
      'Support Bot',
      'inbound',
      '+1 (415) 555-0123',
      '+1 (415) 555-0100',
      formatDateTime(good!.startTime),
      formatDateTime(good!.endTime),
      '42s',
    ]);
    expect(cellTexts(second!).slice(4)).toEqual(['Invalid Date', 'Invalid Date', '1h 2m 5s']);
  });

  it('shows the agent id when the agent is not in the agents list, and keeps working if that list fails', async () => {
    renderSessions(
      '/sessions',
      sessionsRoutes({
        'GET /agents': { status: 500 },
        'GET /sessions/active-sessions': {
          body: { success: true, sessions: [makeSession({ streamSid: 'MZx', agentId: 'gone' })] },
        },
      }),
    );
    const link = await screen.findByRole('link', { name: 'gone' });
    expect(link.getAttribute('href')).toBe('/agents/gone');
  });
});

describe('sessions page navigation', () => {
  it('opens a session by clicking its row, and its agent by clicking the name', async () => {
    const app = renderSessions('/sessions', sessionsRoutes());
    await screen.findByRole('table', { name: 'Active Sessions' });
    const [row] = rowsOf('Active Sessions');
    await app.user.click(within(row!).getByText('+1 (415) 555-0100'));
    await waitFor(() => expect(app.location()).toBe('/sessions/MZlive1'));
  });

  it('opens the agent from its name without opening the session', async () => {
    const app = renderSessions('/sessions', sessionsRoutes());
    await screen.findByRole('table', { name: 'Active Sessions' });
    const [row] = rowsOf('Active Sessions');
    await app.user.click(await within(row!).findByRole('link', { name: 'Support Bot' }));
    await waitFor(() => expect(app.location()).toBe('/agents/a1'));
  });

  it('reaches a session from the keyboard: its From number is a link', async () => {
    const app = renderSessions('/sessions', sessionsRoutes());
    await screen.findByRole('table', { name: 'Ended Sessions' });
    const [row] = rowsOf('Ended Sessions');
    const link = within(row!).getByRole('link', { name: '+1 (415) 555-0123, open session' });
    link.focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/sessions/MZended0'));
  });
});

describe('sessions page header', () => {
  it('shows the WebSocket as Disconnected, then Connected once open, then Disconnected when it drops', async () => {
    renderSessions('/sessions', sessionsRoutes());
    const indicator = await screen.findByRole('status', { name: 'Real-time connection' });
    expect(indicator.textContent).toBe('Disconnected');
    const socket = await openSocket();
    expect(indicator.textContent).toBe('Connected');
    act(() => socket.serverClose(1006));
    expect(indicator.textContent).toBe('Disconnected');
  });

  it("shows 'Last refreshed' after the list loads, and Refresh reloads both tables", async () => {
    const app = renderSessions('/sessions', sessionsRoutes());
    await screen.findByRole('table', { name: 'Active Sessions' });
    await waitFor(() =>
      expect(screen.getByText(/^Last refreshed:/).textContent).toBe(
        `Last refreshed: ${new Date(NOW).toLocaleTimeString()}`,
      ),
    );
    act(() => void vi.advanceTimersByTime(5000));
    const refresh = screen.getByRole('button', { name: 'Refresh sessions' });
    await waitFor(() => expect((refresh as HTMLButtonElement).disabled).toBe(false));
    await app.user.click(refresh);
    await waitFor(() => expect(app.fake.callsTo('GET /sessions/active-sessions')).toHaveLength(2));
    await waitFor(() => expect(app.fake.callsTo('GET /sessions/ended-sessions')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByText(/^Last refreshed:/).textContent).toBe(
        `Last refreshed: ${new Date(NOW + 5000).toLocaleTimeString()}`,
      ),
    );
  });
});

describe('ended sessions pagination and sort', () => {
  const paged = pagedEnded(endedSessions(37));
  const lastQuery = (app: ReturnType<typeof renderSessions>) => {
    const calls = app.fake.callsTo('GET /sessions/ended-sessions');
    return Object.fromEntries(calls.at(-1)!.query);
  };

  it('asks for 10 newest first, then pages, resizes and flips the order with limit, offset and order', async () => {
    const app = renderSessions('/sessions', sessionsRoutes({ 'GET /sessions/ended-sessions': paged }));
    await screen.findByRole('table', { name: 'Ended Sessions' });
    expect(lastQuery(app)).toEqual({ limit: '10', offset: '0', order: 'desc' });
    expect(rowsOf('Ended Sessions')).toHaveLength(10);
    expect(screen.getByText('1–10 of 37')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'End Time' }).getAttribute('aria-sort')).toBe('descending');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    await app.user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('11–20 of 37');
    expect(lastQuery(app)).toEqual({ limit: '10', offset: '10', order: 'desc' });
    expect(rowsOf('Ended Sessions')[0]!.getAttribute('data-stream-sid')).toBe('MZended10');

    await choose(app, 'Rows per page', '25');
    await screen.findByText('1–25 of 37');
    expect(lastQuery(app)).toEqual({ limit: '25', offset: '0', order: 'desc' });
    screen.getByRole('button', { name: 'Next page' }).focus();
    await app.user.keyboard('{Enter}');
    await screen.findByText('26–37 of 37');
    expect(rowsOf('Ended Sessions')).toHaveLength(12);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    // On the last page Next is disabled; the keyboard focus moved to Previous instead of the page.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous page' }));

    await app.user.click(screen.getByRole('button', { name: 'Newest first' }));
    await screen.findByRole('button', { name: 'Oldest first' });
    await screen.findByText('1–25 of 37');
    expect(lastQuery(app)).toEqual({ limit: '25', offset: '0', order: 'asc' });
    expect(screen.getByRole('columnheader', { name: 'End Time' }).getAttribute('aria-sort')).toBe('ascending');
    await waitFor(() => expect(rowsOf('Ended Sessions')[0]!.getAttribute('data-stream-sid')).toBe('MZended36'));
  });

  it('offers the page sizes 5, 10, 25 and 50', async () => {
    const app = renderSessions('/sessions', sessionsRoutes({ 'GET /sessions/ended-sessions': paged }));
    await screen.findByRole('table', { name: 'Ended Sessions' });
    await app.user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['5', '10', '25', '50']);
  });

  it('reloads only the ended table with its own Refresh', async () => {
    const app = renderSessions('/sessions', sessionsRoutes({ 'GET /sessions/ended-sessions': paged }));
    await screen.findByRole('table', { name: 'Ended Sessions' });
    const refresh = screen.getByRole('button', { name: 'Refresh ended sessions' });
    await waitFor(() => expect((refresh as HTMLButtonElement).disabled).toBe(false));
    await app.user.click(refresh);
    await waitFor(() => expect(app.fake.callsTo('GET /sessions/ended-sessions')).toHaveLength(2));
    expect(app.fake.callsTo('GET /sessions/active-sessions')).toHaveLength(1);
  });
});

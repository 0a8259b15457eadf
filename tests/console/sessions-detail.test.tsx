import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../shared/format.js';
import { deferred } from '../helpers/consoleFakeApi.js';
import {
  detailRoutes,
  LIVE,
  MESSAGES,
  makeSession,
  NOW,
  openSocket,
  pinClock,
  renderSessions,
  send,
  waitFor,
} from './sessions-fixtures.js';

const ENDED = makeSession({
  streamSid: 'MZdone',
  active: false,
  startTime: NOW - 100_000,
  endTime: NOW - 58_000,
  duration: 42,
});

function infoValue(label: string): string | null {
  const card = screen.getByRole('heading', { name: 'Call' }).closest('.rt-Card') as HTMLElement;
  const term = within(card).getByText(label, { selector: 'dt, dt *' });
  return term.closest('.rt-DataListItem')!.querySelector('dd')!.textContent;
}

pinClock();

describe('session detail', () => {
  it("shows 'Loading session...', then the chip 'Active Session', End Session, Back and the info card", async () => {
    const pending = deferred<{ body: unknown }>();
    const app = renderSessions(
      '/sessions/MZlive1',
      detailRoutes(LIVE, MESSAGES, { 'GET /sessions/active-sessions/MZlive1': () => pending.promise }),
    );
    expect(await screen.findByText('Loading session...')).toBeTruthy();
    pending.resolve({ body: LIVE });
    expect(await screen.findByText('Active Session')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Session Details', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Session Details · Switchboard');
    expect(screen.getByRole('button', { name: 'End Session' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sessions' }).getAttribute('href')).toBe('/sessions');
    await screen.findByRole('link', { name: 'Support Bot' });
    expect(screen.getByRole('link', { name: 'Support Bot' }).getAttribute('href')).toBe('/agents/a1');
    expect(infoValue('Call Type')).toBe('inbound');
    expect(infoValue('From')).toBe('+1 (415) 555-0123');
    expect(infoValue('To')).toBe('+1 (415) 555-0100');
    expect(infoValue('Start Time')).toBe(formatDateTime(LIVE.startTime));
    expect(infoValue('End Time')).toBe('—');
    expect(infoValue('Duration')).toBe('1m 5s');
    act(() => void vi.advanceTimersByTime(1000));
    expect(infoValue('Duration')).toBe('1m 6s');
    await app.user.click(screen.getByRole('link', { name: 'Back to sessions' }));
    await waitFor(() => expect(app.location()).toBe('/sessions'));
  });

  it("shows 'Session Ended' and no End Session for a session with an end time", async () => {
    renderSessions('/sessions/MZdone', detailRoutes(ENDED));
    expect(await screen.findByText('Session Ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End Session' })).toBeNull();
    expect(infoValue('End Time')).toBe(formatDateTime(ENDED.endTime));
    expect(infoValue('Duration')).toBe('42s');
  });

  it("says 'Session not found' when the server has no such session (404)", async () => {
    renderSessions('/sessions/MZnone', { 'GET /agents': { body: [] } });
    expect(await screen.findByRole('heading', { name: 'Session not found', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sessions' }).getAttribute('href')).toBe('/sessions');
    expect(document.title).toBe('Session not found · Switchboard');
    expect(screen.queryByText('Active Session')).toBeNull();
  });

  it("says 'Session not found' when the server answers nothing", async () => {
    renderSessions(
      '/sessions/MZnull',
      detailRoutes(LIVE, [], { 'GET /sessions/active-sessions/MZnull': { body: null } }),
    );
    expect(await screen.findByText('Session not found')).toBeTruthy();
  });

  it("says 'Failed to fetch session details' when the session cannot be loaded", async () => {
    renderSessions(
      '/sessions/MZlive1',
      detailRoutes(LIVE, [], { 'GET /sessions/active-sessions/MZlive1': { status: 500 } }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch session details');
  });
});

/** End Session, then its confirmation's End Session (issue 18: a live call is not hung up on one click). */
async function endSession(app: ReturnType<typeof renderSessions>) {
  await app.user.click(await screen.findByRole('button', { name: 'End Session' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'End this session?' });
  await app.user.click(within(confirm).getByRole('button', { name: 'End Session' }));
}

describe('session detail: End Session', () => {
  it('asks first, saying whose call is hung up; Cancel leaves the call running', async () => {
    const app = renderSessions(
      '/sessions/MZlive1',
      detailRoutes(LIVE, MESSAGES, { 'POST /sessions/end-session': { body: { success: true } } }),
    );
    await app.user.click(await screen.findByRole('button', { name: 'End Session' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'End this session?' });
    expect(confirm.textContent).toContain(
      'This hangs up the call with +1 (415) 555-0123 for both sides, at once. It cannot be undone.',
    );
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await app.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.fake.callsTo('POST /sessions/end-session')).toHaveLength(0);
    expect(screen.getByText('Active Session')).toBeTruthy();
  });

  it("posts the stream SID, shows 'Ending...' meanwhile, then marks the session ended", async () => {
    const pending = deferred<{ body: unknown }>();
    let detail = LIVE;
    const app = renderSessions(
      '/sessions/MZlive1',
      detailRoutes(LIVE, MESSAGES, {
        'GET /sessions/active-sessions/MZlive1': () => ({ body: detail }),
        'POST /sessions/end-session': () => pending.promise,
      }),
    );
    await endSession(app);
    const ending = (await screen.findByRole('button', { name: 'Ending...' })) as HTMLButtonElement;
    expect(ending.disabled).toBe(true);
    expect(app.fake.callsTo('POST /sessions/end-session')[0]!.body).toEqual({ streamSid: 'MZlive1' });
    detail = { ...LIVE, active: false, endTime: NOW, duration: 65 };
    pending.resolve({ body: { success: true } });
    expect(await screen.findByText('Session Ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /End Session|Ending/ })).toBeNull();
    expect(infoValue('End Time')).toBe(formatDateTime(NOW));
    expect(infoValue('Duration')).toBe('1m 5s');
    act(() => void vi.advanceTimersByTime(3000));
    expect(infoValue('Duration')).toBe('1m 5s');
  });

  it("passes on the server's note about how the call was ended", async () => {
    const note = 'Twilio credentials are missing, so the call was ended by closing its stream';
    const app = renderSessions(
      '/sessions/MZlive1',
      detailRoutes(LIVE, MESSAGES, { 'POST /sessions/end-session': { body: { success: true, message: note } } }),
    );
    app.fake.routes['GET /sessions/active-sessions/MZlive1'] = () => ({
      body: app.fake.callsTo('POST /sessions/end-session').length
        ? { ...LIVE, active: false, endTime: NOW, duration: 65 }
        : LIVE,
    });
    await endSession(app);
    expect((await screen.findByText(note)).closest('[role="status"]')).toBeTruthy();
    expect(await screen.findByText('Session Ended')).toBeTruthy();
  });

  it("keeps the session open and says why when ending fails ('Failed to end session' without a reason)", async () => {
    const app = renderSessions(
      '/sessions/MZlive1',
      detailRoutes(LIVE, MESSAGES, { 'POST /sessions/end-session': { status: 500 } }),
    );
    await endSession(app);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to end session');
    expect(screen.getByText('Active Session')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'End Session' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's reason when it answers success: false with an error", async () => {
    const app = renderSessions(
      '/sessions/MZlive1',
      detailRoutes(LIVE, MESSAGES, {
        'POST /sessions/end-session': { body: { success: false, error: 'Session is not active' } },
      }),
    );
    await endSession(app);
    expect((await screen.findByRole('alert')).textContent).toBe('Session is not active');
  });
});

describe('session detail: session.ended', () => {
  it('turns the chip to Session Ended, stops the clock and reloads the stored transcript', async () => {
    const app = renderSessions('/sessions/MZlive1', detailRoutes(LIVE));
    await screen.findByText('Active Session');
    const socket = await openSocket();
    await waitFor(() => expect(app.fake.callsTo('GET /sessions/messages/MZlive1').length).toBeGreaterThan(0));
    const before = app.fake.callsTo('GET /sessions/messages/MZlive1').length;
    app.fake.routes['GET /sessions/active-sessions/MZlive1'] = {
      body: { ...LIVE, active: false, endTime: NOW + 5000, duration: 70 },
    };
    send(socket, { type: 'session.ended', streamSid: 'MZother', duration: 1, endTime: NOW });
    expect(screen.getByText('Active Session')).toBeTruthy();
    send(socket, { type: 'session.ended', streamSid: 'MZlive1', duration: 70, endTime: NOW + 5000 });
    expect(await screen.findByText('Session Ended')).toBeTruthy();
    // The chip sits in a status region, so a screen reader hears the change.
    expect(screen.getByText('Session Ended').closest('[role="status"]')).toBeTruthy();
    expect(infoValue('Duration')).toBe('1m 10s');
    expect(infoValue('End Time')).toBe(formatDateTime(NOW + 5000));
    expect(screen.queryByRole('button', { name: 'End Session' })).toBeNull();
    await waitFor(() => expect(app.fake.callsTo('GET /sessions/messages/MZlive1').length).toBe(before + 1));
  });
});

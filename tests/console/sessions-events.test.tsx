import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  cellTexts,
  endedPage,
  endedSessions,
  LIVE,
  NOW,
  OUTBOUND,
  openSocket,
  pinClock,
  renderSessions,
  rowsOf,
  send,
  sessionsRoutes,
  waitFor,
} from './sessions-fixtures.js';

const activeSids = () => rowsOf('Active Sessions').map((row) => row.getAttribute('data-stream-sid'));

pinClock();

async function openPage(extra = {}) {
  const app = renderSessions('/sessions', sessionsRoutes(extra));
  await screen.findByRole('table', { name: 'Active Sessions' });
  const socket = await openSocket();
  // Opening the socket reloads what it may have missed; let that settle before sending events.
  await waitFor(() => expect(app.fake.callsTo('GET /sessions/active-sessions')).toHaveLength(2));
  await waitFor(() => expect(activeSids()).toEqual(['MZlive1', 'MZlive2']));
  return { app, socket };
}

describe('sessions page real-time events', () => {
  it("session.created adds a new session, with 'Unknown' numbers and 'unknown' call type when missing", async () => {
    const { socket } = await openPage();
    send(socket, { type: 'session.created', streamSid: 'MZnew', agentId: 'a2', startTime: NOW - 3000 });
    await waitFor(() => expect(activeSids()).toEqual(['MZlive1', 'MZlive2', 'MZnew']));
    const row = rowsOf('Active Sessions')[2]!;
    expect(cellTexts(row)).toEqual(['Sales Bot', 'unknown', 'Unknown', 'Unknown', '3s']);
    act(() => void vi.advanceTimersByTime(2000));
    expect(cellTexts(row)[4]).toBe('5s');
  });

  it('session.created for a stream SID already listed changes nothing', async () => {
    const { socket } = await openPage();
    send(socket, { ...LIVE, type: 'session.created', fromPhoneNumber: '+19999999999', callType: 'outbound' });
    await act(async () => {});
    expect(activeSids()).toEqual(['MZlive1', 'MZlive2']);
    expect(cellTexts(rowsOf('Active Sessions')[0]!)[2]).toBe('+1 (415) 555-0123');
  });

  it('session.created without a stream SID or an agent is ignored', async () => {
    const { socket } = await openPage();
    send(socket, { type: 'session.created', agentId: 'a1', startTime: NOW });
    send(socket, { type: 'session.created', streamSid: 'MZnoagent', startTime: NOW });
    await act(async () => {});
    expect(activeSids()).toEqual(['MZlive1', 'MZlive2']);
  });

  it("replaces 'No active sessions found' with the first call", async () => {
    renderSessions(
      '/sessions',
      sessionsRoutes({ 'GET /sessions/active-sessions': { body: { success: true, sessions: [] } } }),
    );
    await screen.findByText('No active sessions found');
    const socket = await openSocket();
    send(socket, {
      type: 'session.created',
      streamSid: 'MZfirst',
      agentId: 'a1',
      fromPhoneNumber: '+14155550199',
      toPhoneNumber: '+14155550100',
      callType: 'inbound',
      startTime: NOW,
    });
    await waitFor(() => expect(activeSids()).toEqual(['MZfirst']));
    expect(screen.queryByText('No active sessions found')).toBeNull();
  });

  it('session.ended removes the session from the active table and reloads the ended table', async () => {
    const ended = endedSessions(2);
    let endedAnswer = endedPage(ended);
    const { app, socket } = await openPage({ 'GET /sessions/ended-sessions': () => endedAnswer });
    const endedCalls = app.fake.callsTo('GET /sessions/ended-sessions').length;
    const finished = { ...LIVE, active: false, endTime: NOW, duration: 65 };
    endedAnswer = endedPage([finished, ...ended]);
    send(socket, { type: 'session.ended', streamSid: LIVE.streamSid, duration: 65, endTime: NOW });
    await waitFor(() => expect(activeSids()).toEqual([OUTBOUND.streamSid]));
    await waitFor(() => expect(app.fake.callsTo('GET /sessions/ended-sessions').length).toBe(endedCalls + 1));
    await waitFor(() => expect(rowsOf('Ended Sessions')[0]!.getAttribute('data-stream-sid')).toBe(LIVE.streamSid));
    expect(cellTexts(rowsOf('Ended Sessions')[0]!)[6]).toBe('1m 5s');
  });

  it('reloads both tables when the socket comes back after a drop (events sent meanwhile are lost)', async () => {
    const { app, socket } = await openPage();
    const before = app.fake.callsTo('GET /sessions/ended-sessions').length;
    act(() => socket.serverClose(1006));
    await screen.findByText('Disconnected');
    // reconnecting-websocket opens a new socket after its 1 s backoff.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
    });
    const again = await openSocket();
    expect(again).not.toBe(socket);
    await waitFor(() => expect(app.fake.callsTo('GET /sessions/active-sessions')).toHaveLength(3));
    await waitFor(() => expect(app.fake.callsTo('GET /sessions/ended-sessions').length).toBe(before + 1));
  });
});

/**
 * An outbound call shows on Sessions from "Call initiated" on (issue 18): a ringing session (keyed
 * by its call SID) reads 'Ringing' instead of a duration; when the call is answered its session
 * under the stream's SID takes the ringing row's place, and a page opened by the call SID moves to
 * the stream's. End Session on a ringing call says the call is cancelled.
 */

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SALES } from './agents-fixtures.js';
import {
  cellTexts,
  detailRoutes,
  LIVE,
  makeSession,
  NOW,
  openSocket,
  pinClock,
  renderSessions,
  rowsOf,
  send,
  sessionsRoutes,
  waitFor,
} from './sessions-fixtures.js';

pinClock();

const CALL_SID = `CA${'a'.repeat(32)}`;
const RINGING = makeSession({
  streamSid: CALL_SID,
  callSid: CALL_SID,
  ringing: true,
  agentId: SALES.id,
  callType: 'outbound',
  fromPhoneNumber: '+14155550111',
  toPhoneNumber: '+442071838750',
  startTime: NOW - 4000,
});
const ANSWERED = { ...RINGING, streamSid: 'MZanswered', ringing: undefined };
const activeSids = () => rowsOf('Active Sessions').map((row) => row.getAttribute('data-stream-sid'));

describe('a ringing call on Sessions', () => {
  it("appears on session.created as 'Ringing', and the answered call takes its row", async () => {
    const app = renderSessions(
      '/sessions',
      sessionsRoutes({ 'GET /sessions/active-sessions': { body: { success: true, sessions: [LIVE] } } }),
    );
    await screen.findByRole('table', { name: 'Active Sessions' });
    const socket = await openSocket();
    await waitFor(() => expect(app.fake.callsTo('GET /sessions/active-sessions')).toHaveLength(2));
    const { streamSid, callSid, agentId, callType, fromPhoneNumber, toPhoneNumber, startTime } = RINGING;
    const created = {
      type: 'session.created',
      streamSid,
      callSid,
      agentId,
      callType,
      fromPhoneNumber,
      toPhoneNumber,
      startTime,
    };
    send(socket, { ...created, ringing: true });
    await waitFor(() => expect(activeSids()).toEqual(['MZlive1', CALL_SID]));
    expect(cellTexts(rowsOf('Active Sessions')[1]!)).toEqual([
      'Sales Bot',
      'outbound',
      '+1 (415) 555-0111',
      '+442071838750',
      'Ringing',
    ]);

    send(socket, { ...created, streamSid: 'MZanswered' });
    await waitFor(() => expect(activeSids()).toEqual(['MZlive1', 'MZanswered']));
    expect(cellTexts(rowsOf('Active Sessions')[1]!)[4]).toBe('4s');
  });

  it('opened by its call SID ("Call initiated"\'s link), moves to the stream\'s SID once the call is answered', async () => {
    const app = renderSessions(`/sessions/${CALL_SID}`, {
      ...detailRoutes(RINGING, []),
      ...detailRoutes(ANSWERED, []),
    });
    await screen.findByText('Active Session');
    expect(screen.getByText('Ringing', { selector: '[role="status"] *' })).toBeTruthy();
    const socket = await openSocket();
    send(socket, {
      type: 'session.created',
      streamSid: 'MZanswered',
      callSid: CALL_SID,
      agentId: SALES.id,
      startTime: RINGING.startTime,
    });
    await waitFor(() => expect(app.location()).toBe('/sessions/MZanswered'));
    await screen.findByText('Active Session');
    await waitFor(() => expect(screen.queryByText('Ringing')).toBeNull());
    // The answered call's transcript is the one read.
    expect(app.fake.callsTo('GET /sessions/messages/MZanswered').length).toBeGreaterThan(0);
  });

  it('opened by its call SID after it was answered, moves to the session the server answers', async () => {
    const app = renderSessions(`/sessions/${CALL_SID}`, {
      ...detailRoutes(ANSWERED, []),
      [`GET /sessions/active-sessions/${CALL_SID}`]: { body: ANSWERED },
    });
    await waitFor(() => expect(app.location()).toBe('/sessions/MZanswered'));
    await screen.findByText('Active Session');
  });

  it('asks before cancelling a ringing call, naming the number called', async () => {
    const app = renderSessions(
      `/sessions/${CALL_SID}`,
      detailRoutes(RINGING, [], { 'POST /sessions/end-session': { body: { success: true } } }),
    );
    app.fake.routes[`GET /sessions/active-sessions/${CALL_SID}`] = () => ({
      body: app.fake.callsTo('POST /sessions/end-session').length
        ? { ...RINGING, ringing: undefined, active: false, endTime: NOW, duration: 4 }
        : RINGING,
    });
    await app.user.click(await screen.findByRole('button', { name: 'End Session' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'End this session?' });
    expect(confirm.textContent).toContain('This cancels the call to +442071838750 before it is answered.');
    await app.user.click(within(confirm).getByRole('button', { name: 'End Session' }));
    await screen.findByText('Session Ended');
    expect(app.fake.callsTo('POST /sessions/end-session')[0]!.body).toEqual({ streamSid: CALL_SID });
    expect(screen.queryByText('Ringing')).toBeNull();
  });
});

/**
 * The live-call card of a session page (issue 23): Listen opens the call's listen socket and plays
 * what comes; Take over posts the take-over, starts listening and turns the microphone on once
 * this operator holds the call; Hand back posts the hand-back. Ended calls have no card. Another
 * operator's hold is sessions-live-call-held.test.tsx.
 */
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../helpers/consoleFakeWebSocket.js';
import { USER } from '../helpers/consoleRender.js';
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
import { withFakeAudio } from './talk-fixtures.js';

pinClock();
const audio = withFakeAudio();

const listenSocket = () => FakeWebSocket.instances.find((s) => s.url.endsWith('/api/sessions/MZlive1/listen'));

describe('live call card', () => {
  it('listens, takes over with the microphone on, shows the hold, and hands back', async () => {
    const app = renderSessions(
      '/sessions/MZlive1',
      detailRoutes(LIVE, MESSAGES, {
        'POST /sessions/take-over': { body: { success: true, operator: { id: USER.id, name: USER.username } } },
        'POST /sessions/hand-back': { body: { success: true, operator: null } },
      }),
    );
    const consoleSocket = await openSocket();
    expect(await screen.findByText('The agent is answering this call.', {}, { timeout: 10_000 })).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Listen' }));
    await waitFor(() => expect(listenSocket()).toBeTruthy());
    const socket = listenSocket()!;
    act(() => socket.open());
    act(() => socket.receive({ type: 'ready', format: 'audio/pcmu', sampleRate: 8000 }));
    expect(await screen.findByText(/Listening to both sides of the call/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop listening' })).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Take over' }));
    expect(app.fake.callsTo('POST /sessions/take-over')[0]?.body).toEqual({ streamSid: 'MZlive1' });
    // The server tells every console who holds the call.
    send(consoleSocket, {
      type: 'call.operator',
      streamSid: 'MZlive1',
      operator: { id: USER.id, name: USER.username },
    });
    expect(await screen.findByText(/You have taken over/)).toBeTruthy();
    await waitFor(() => expect(audio.current.requests).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Hand back' })).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Hand back' }));
    expect(app.fake.callsTo('POST /sessions/hand-back')).toHaveLength(1);
    send(consoleSocket, { type: 'call.operator', streamSid: 'MZlive1', operator: null });
    expect(await screen.findByText(/^The agent is answering this call\. Listening/)).toBeTruthy();
    await waitFor(() => expect(audio.current.streams[0]?.getTracks().every((t) => t.stopped)).toBe(true));
  });

  it('has no live-call card on an ended call', async () => {
    const ended = makeSession({ streamSid: 'MZlive1', active: false, endTime: NOW - 1000, duration: 30 });
    renderSessions('/sessions/MZlive1', detailRoutes(ended));
    expect(await screen.findByText('Session Ended', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Listen' })).toBeNull();
  });
});

/**
 * The live-call card when another operator holds the call (issue 23): their name shows and Take
 * over is disabled until the server says the call was handed back; a refused take-over says why.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  detailRoutes,
  MESSAGES,
  makeSession,
  openSocket,
  pinClock,
  renderSessions,
  send,
  waitFor,
} from './sessions-fixtures.js';
import { withFakeAudio } from './talk-fixtures.js';

pinClock();
withFakeAudio();

describe('live call card, held by another operator', () => {
  it("shows another operator's hold and disables Take over; a refused take-over says why", async () => {
    const held = makeSession({ streamSid: 'MZlive1', operator: { id: '99', name: 'carol' } });
    const app = renderSessions(
      '/sessions/MZlive1',
      detailRoutes(held, MESSAGES, {
        'POST /sessions/take-over': {
          status: 409,
          body: { success: false, code: 'conflict', error: 'carol has already taken over this call' },
        },
      }),
    );
    const consoleSocket = await openSocket();
    expect(await screen.findByText('Taken over by carol: the agent is muted.', {}, { timeout: 10_000 })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Take over' }) as HTMLButtonElement).disabled).toBe(true);
    send(consoleSocket, { type: 'call.operator', streamSid: 'MZlive1', operator: null });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Take over' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await app.user.click(screen.getByRole('button', { name: 'Take over' }));
    expect(await screen.findByText('carol has already taken over this call')).toBeTruthy();
  });
});

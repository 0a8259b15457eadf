/**
 * The session page's recording (issue 21): what a call without one says, the player of a ready
 * one (signed link, timeline, Download WAV), and the transcript lines that seek it and follow it.
 */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure } from '../helpers/consoleFakeApi.js';
import {
  audioElement,
  currentLines,
  LINES,
  lineOf,
  READY,
  recordedSession,
  recordingCard,
  recordingRoutes,
  SID,
} from './recording-fixtures.js';
import { openSocket, pinClock, renderSessions, send, waitFor } from './sessions-fixtures.js';

pinClock();

const open = (session = READY, extra = {}) =>
  renderSessions(`/sessions/${SID}`, recordingRoutes(session, LINES, extra));

/** Moves the element as playing does, and says so the way the element does. */
function playTo(seconds: number) {
  const audio = audioElement();
  act(() => {
    audio.currentTime = seconds;
    audio.dispatchEvent(new Event('timeupdate'));
  });
}

describe('a session without a playable recording', () => {
  it('shows no recording card for a call from before recordings', async () => {
    open(recordedSession(undefined));
    await screen.findByText('Where is my order?');
    expect(screen.queryByRole('heading', { name: 'Recording' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Play from/ })).toBeNull();
  });

  it('shows none for a recording the server gives as null', async () => {
    open(recordedSession(null));
    await screen.findByText('Where is my order?');
    expect(screen.queryByRole('heading', { name: 'Recording' })).toBeNull();
  });

  it('says recording was off, and that it is the agent’s setting, linking to the agent', async () => {
    const app = open(recordedSession({ status: 'off', durationMs: 0 }));
    expect(await screen.findByText('Recording was off for this call.')).toBeTruthy();
    const card = screen.getByRole('heading', { name: 'Recording' }).closest('.rt-Card') as HTMLElement;
    expect(within(card).getByText(/turn on Record calls in the Advanced Settings of/)).toBeTruthy();
    expect((await within(card).findByRole('link', { name: 'Support Bot' })).getAttribute('href')).toBe('/agents/a1');
    expect(app.fake.callsTo(`POST /sessions/recording/${SID}/link`)).toHaveLength(0);
    expect(screen.queryByLabelText('Call recording')).toBeNull();
  });

  it('shows why the recording failed', async () => {
    open(recordedSession({ status: 'failed', durationMs: 3000, error: 'The bucket refused the upload' }));
    await screen.findByRole('heading', { name: 'Recording' });
    expect(within(recordingCard()).getByRole('alert').textContent).toBe(
      'The recording failed: The bucket refused the upload',
    );
  });

  it('says a live call’s recording is on its way', async () => {
    const app = renderSessions(
      `/sessions/${SID}`,
      recordingRoutes({ ...READY, active: true, endTime: null, recording: { status: 'recording', durationMs: 4000 } }),
    );
    expect(await screen.findByText('Recording… (available when the call ends)')).toBeTruthy();
    expect(app.fake.callsTo(`POST /sessions/recording/${SID}/link`)).toHaveLength(0);
  });

  it('shows the server’s words when it refuses the link', async () => {
    open(READY, { [`POST /sessions/recording/${SID}/link`]: failure(404, 'Recording not found', 'not_found') });
    await screen.findByRole('heading', { name: 'Recording' });
    expect((await within(recordingCard()).findByRole('alert')).textContent).toBe('Recording not found');
    expect(screen.queryByRole('link', { name: /Download WAV/ })).toBeNull();
  });
});

describe('the player of a ready recording', () => {
  it('plays the signed link, with Download WAV on it and a marker per placed line', async () => {
    const app = open();
    await waitFor(() => expect(audioElement().getAttribute('src')).toBe(`/api/sessions/recording/${SID}?token=t1`));
    expect(app.fake.callsTo(`POST /sessions/recording/${SID}/link`)[0]?.headers.authorization).toBe(
      'Bearer test-token',
    );
    expect(audioElement().controls).toBe(true);
    const download = screen.getByRole('link', { name: 'Download WAV' });
    expect(download.getAttribute('href')).toBe(`/api/sessions/recording/${SID}?token=t1&download=1`);

    const timeline = screen.getByRole('group', { name: 'Turns on the recording' });
    expect(within(timeline).getByText('1:00')).toBeTruthy();
    const caller = within(timeline).getByRole('toolbar', { name: 'Caller' });
    const agent = within(timeline).getByRole('toolbar', { name: 'Agent' });
    const names = (row: HTMLElement) =>
      within(row)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(names(caller)).toEqual(['Caller at 0:04']);
    expect(names(agent)).toEqual(['Agent at 0:00', 'Agent at 0:12']);

    await app.user.click(within(agent).getByRole('button', { name: 'Agent at 0:12' }));
    expect(audioElement().currentTime).toBe(12);
    expect(audioElement().paused).toBe(false);
  });

  it('seeks to a transcript line and plays from it: by its button, or a click on the line', async () => {
    const app = open();
    await screen.findByText('Where is my order?');
    await waitFor(() => expect(audioElement().getAttribute('src')).toContain('token=t1'));
    const caller = within(lineOf('Where is my order?')).getByRole('button', { name: 'Play from 0:04' });
    expect(caller.textContent).toContain('0:04');
    // A line the server did not place, and a tool call, cannot seek.
    expect(within(lineOf('Thanks!')).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Play from/ })).toHaveLength(3);

    await app.user.click(caller);
    expect(audioElement().currentTime).toBe(4.2);
    expect(audioElement().paused).toBe(false);

    await app.user.click(screen.getByText('It ships tomorrow.'));
    expect(audioElement().currentTime).toBe(12);

    // The keyboard: Tab to a line's button, Enter.
    audioElement().pause();
    within(lineOf('Hello, how can I help?')).getByRole('button').focus();
    await app.user.keyboard('{Enter}');
    expect(audioElement().currentTime).toBe(0.5);
    expect(audioElement().paused).toBe(false);
  });

  it('marks the line being spoken as the audio plays, until the next line starts', async () => {
    open();
    await screen.findByText('Where is my order?');
    await waitFor(() => expect(audioElement().getAttribute('src')).toContain('token=t1'));
    expect(currentLines()).toEqual([]);

    playTo(0.6);
    expect(currentLines()).toEqual(['Hello, how can I help?']);
    expect(lineOf('Hello, how can I help?').getAttribute('aria-current')).toBe('true');
    playTo(4.1);
    expect(currentLines()).toEqual(['Hello, how can I help?']);
    playTo(4.2);
    expect(currentLines()).toEqual(['Where is my order?']);
    playTo(30);
    expect(currentLines()).toEqual(['It ships tomorrow.']);
    // Moved back with the element's own controls.
    act(() => {
      audioElement().currentTime = 5;
      audioElement().dispatchEvent(new Event('seeked'));
    });
    expect(currentLines()).toEqual(['Where is my order?']);
    expect(lineOf('It ships tomorrow.').hasAttribute('aria-current')).toBe(false);
  });

  it('follows the call as it ends: from "Recording…" to the player', async () => {
    const live = {
      ...READY,
      active: true,
      endTime: null,
      recording: { status: 'recording' as const, durationMs: 1000 },
    };
    const app = renderSessions(`/sessions/${SID}`, recordingRoutes(live));
    await screen.findByText('Recording… (available when the call ends)');
    const socket = await openSocket();
    app.fake.routes[`GET /sessions/active-sessions/${SID}`] = { body: READY };
    send(socket, { type: 'session.ended', streamSid: SID, duration: 60, endTime: READY.endTime });
    expect(await screen.findByRole('link', { name: 'Download WAV' })).toBeTruthy();
    expect(screen.queryByText('Recording… (available when the call ends)')).toBeNull();
    expect(app.fake.callsTo(`POST /sessions/recording/${SID}/link`)).toHaveLength(1);
  });
});

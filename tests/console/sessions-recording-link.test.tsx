/**
 * The recording player's moving parts (issue 21): the channel choice through Web Audio, and the
 * signed link, fetched again before it expires and after the element failed on it, without
 * breaking off what plays.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure } from '../helpers/consoleFakeApi.js';
import {
  audioElement,
  FakeMixContext,
  installFakeMix,
  LINES,
  lineOf,
  linkRoute,
  READY,
  recordingCard,
  recordingRoutes,
  SID,
} from './recording-fixtures.js';
import { NOW, renderSessions } from './sessions-fixtures.js';

const LINK = `POST /sessions/recording/${SID}/link`;

async function open(lifetimeMs?: number) {
  const app = renderSessions(`/sessions/${SID}`, recordingRoutes(READY, LINES, { [LINK]: linkRoute(lifetimeMs) }));
  await waitFor(() => expect(audioElement().getAttribute('src')).toContain('token=t1'));
  return app;
}

const srcToken = () => new URLSearchParams(audioElement().getAttribute('src')?.split('?')[1]).get('token');

describe('the channel choice', () => {
  let undo: () => void;
  beforeEach(() => {
    undo = installFakeMix();
  });
  afterEach(() => undo());

  it('plays both sides as recorded until a side is chosen, then that side alone in both ears', async () => {
    const app = await open();
    const both = screen.getByRole('radio', { name: 'Both (stereo)' });
    expect(both.getAttribute('aria-checked')).toBe('true');
    // Nothing is routed through Web Audio before a choice: a context that has not started would mute the element.
    expect(FakeMixContext.instances).toHaveLength(0);

    await app.user.click(screen.getByRole('radio', { name: 'Caller only' }));
    const [context] = FakeMixContext.instances;
    expect(context?.elements).toEqual([audioElement()]);
    expect(context?.state).toBe('running');
    expect(context?.heard()).toEqual({ left: { caller: 1, agent: 0 }, right: { caller: 1, agent: 0 } });
    expect(screen.getByRole('radio', { name: 'Caller only' }).getAttribute('aria-checked')).toBe('true');

    await app.user.click(screen.getByRole('radio', { name: 'Agent only' }));
    expect(context?.heard()).toEqual({ left: { caller: 0, agent: 1 }, right: { caller: 0, agent: 1 } });
    await app.user.click(both);
    expect(context?.heard()).toEqual({ left: { caller: 1, agent: 0 }, right: { caller: 0, agent: 1 } });
    // One graph for the element, however often the choice changes.
    expect(FakeMixContext.instances).toHaveLength(1);
  });
});

describe('the channel choice without Web Audio', () => {
  it('offers Both only, and says why', async () => {
    await open();
    expect(screen.getByRole('radio', { name: 'Caller only' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('This browser cannot play one side alone.')).toBeTruthy();
  });
});

describe('the signed link', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      now: NOW,
      shouldAdvanceTime: true,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('is fetched again before it expires, and the paused player and Download take the new one', async () => {
    const app = await open(90_000);
    await wait(25_000);
    expect(app.fake.callsTo(LINK)).toHaveLength(1);
    await wait(6_000);
    await waitFor(() => expect(srcToken()).toBe('t2'));
    expect(app.fake.callsTo(LINK)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Download WAV' }).getAttribute('href')).toBe(
      `/api/sessions/recording/${SID}?token=t2&download=1`,
    );
  });

  it('does not break off playback: a playing element takes the new link when it pauses, where it was', async () => {
    const app = await open(90_000);
    await app.user.click(screen.getByText('Where is my order?'));
    expect(audioElement().paused).toBe(false);
    await wait(31_000);
    await waitFor(() => expect(app.fake.callsTo(LINK)).toHaveLength(2));
    expect(srcToken()).toBe('t1');

    act(() => {
      audioElement().currentTime = 9;
      audioElement().pause();
    });
    await waitFor(() => expect(srcToken()).toBe('t2'));
    act(() => {
      audioElement().currentTime = 0;
      audioElement().dispatchEvent(new Event('loadedmetadata'));
    });
    expect(audioElement().currentTime).toBe(9);
    expect(audioElement().paused).toBe(true);
  });

  it('after the element fails on its link, takes a fresh one and plays on from where it was', async () => {
    const app = await open();
    await app.user.click(lineOf('It ships tomorrow.'));
    act(() => void audioElement().dispatchEvent(new Event('error')));
    await waitFor(() => expect(srcToken()).toBe('t2'));
    expect(app.fake.callsTo(LINK)).toHaveLength(2);
    act(() => {
      audioElement().pause();
      audioElement().currentTime = 0;
      audioElement().dispatchEvent(new Event('loadedmetadata'));
    });
    expect(audioElement().currentTime).toBe(12);
    expect(audioElement().paused).toBe(false);
    expect(screen.queryByText('The recording could not be played')).toBeNull();
  });

  it('says the recording cannot be played when the element fails on a fresh link too', async () => {
    await open();
    act(() => void audioElement().dispatchEvent(new Event('error')));
    await waitFor(() => expect(srcToken()).toBe('t2'));
    act(() => void audioElement().dispatchEvent(new Event('error')));
    expect((await screen.findByText('The recording could not be played')).closest('[role="alert"]')).toBeTruthy();
    expect(recordingCard().contains(screen.getByText('The recording could not be played'))).toBe(true);
  });

  it('gets a fresh link before a download on one about to expire', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const app = await open(20_000);
    await app.user.click(screen.getByRole('link', { name: 'Download WAV' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/api/sessions/recording/${SID}?token=t2&download=1`));
    expect(app.fake.callsTo(LINK)).toHaveLength(2);
  });

  it('says so, and downloads nothing, when the fresh link is refused', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    assign.mockClear();
    const first = linkRoute(20_000);
    const app = renderSessions(
      `/sessions/${SID}`,
      recordingRoutes(READY, LINES, {
        [LINK]: (call) => (app.fake.callsTo(LINK).length > 1 ? failure(500, 'Storage is down') : first(call)),
      }),
    );
    await waitFor(() => expect(srcToken()).toBe('t1'));
    await app.user.click(screen.getByRole('link', { name: 'Download WAV' }));
    expect(await screen.findByText('Failed to load the recording')).toBeTruthy();
    expect(app.fake.callsTo(LINK)).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
  });
});

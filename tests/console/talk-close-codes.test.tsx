import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveCall, talkSocket, withFakeAudio } from './talk-fixtures.js';

withFakeAudio();

describe('Talk panel: close codes', () => {
  const closing = async (code: number, reason = '') => {
    const { dialog, socket } = await liveCall();
    act(() => socket.serverClose(code, reason));
    return within(dialog).findByRole('alert');
  };

  it('4503: the OpenAI key message with a link to Settings', async () => {
    const alert = await closing(4503, 'No OpenAI API key in Settings');
    expect(alert.textContent).toContain('Talk needs an OpenAI API key');
    expect(within(alert).getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('4029: already in a call', async () => {
    expect((await closing(4029)).textContent).toContain('You are already in a call');
  });

  it('4022: names the refused field', async () => {
    const alert = await closing(4022, 'temperature: must be between 0.6 and 1.2');
    expect(alert.textContent).toContain('The unsaved changes cannot be used: temperature: must be between 0.6 and 1.2');
  });

  it.each([
    [4004, 'This agent no longer exists, or it is not yours.'],
    [4008, 'The server refused the audio this browser sent. Too many frames'],
    [4001, 'Your sign-in has expired. Sign in again to talk.'],
    [1006, 'The connection to the server was lost.'],
    [
      1009,
      'Your unsaved changes are too large to send with a call (over 64 KB). Save them first, then talk: a call sends only the changes that are not saved.',
    ],
  ])('%i: %s', async (code, text) => {
    const alert = await closing(code, code === 4008 ? 'Too many frames' : '');
    expect(alert.textContent).toBe(text);
  });

  it('Try again after a failure places a new call', async () => {
    await closing(4029);
    const first = talkSocket()!;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    const second = await waitFor(() => {
      const socket = talkSocket()!;
      expect(socket).not.toBe(first);
      return socket;
    });
    act(() => second.open());
    expect(second.messages).toEqual([{ type: 'start' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

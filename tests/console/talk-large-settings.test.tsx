import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TALK_MAX_MESSAGE_BYTES } from '../../shared/types/talk.js';
import { openAgentPage, openTalk, startCall, talkSocket, withFakeAudio } from './talk-fixtures.js';

const audio = withFakeAudio();

const TOO_LARGE =
  'Your unsaved changes are too large to send with a call (over 64 KB). Save them first, then talk: a call sends only the changes that are not saved.';

/** The agent page with `text` as its unsaved instructions, and the Talk panel open. */
async function withUnsavedInstructions(text: string) {
  const { app } = await openAgentPage();
  const instructions = screen.getByLabelText('Instructions');
  await app.user.clear(instructions);
  await app.user.click(instructions);
  await app.user.paste(text);
  const dialog = await openTalk(app);
  return { app, dialog };
}

describe('Talk panel: unsaved settings too large for one message', () => {
  it('says to save first, and neither asks for the microphone nor connects', async () => {
    // 33,000 characters but 66,000 bytes: the server counts bytes.
    const { app, dialog } = await withUnsavedInstructions('é'.repeat(33_000));
    await app.user.click(within(dialog).getByRole('button', { name: 'Start talking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(TOO_LARGE);
    expect(audio.current.requests).toHaveLength(0);
    expect(talkSocket()).toBeUndefined();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBe(document.activeElement);
  }, 20_000);

  it('sends a start frame of exactly the limit', async () => {
    const empty = JSON.stringify({ type: 'start', settings: { instructions: '' } });
    const text = 'x'.repeat(TALK_MAX_MESSAGE_BYTES - empty.length);
    const { app, dialog } = await withUnsavedInstructions(text);
    const socket = await startCall(app, dialog);
    await waitFor(() => expect(socket.messages).toEqual([{ type: 'start', settings: { instructions: text } }]));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  }, 20_000);
});

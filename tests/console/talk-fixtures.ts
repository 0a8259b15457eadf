/** What the talk-*.test.tsx files share (not a test file itself): the agent page, a call, the sockets. */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect } from 'vitest';
import type { TalkServerMessage } from '../../shared/types/talk.js';
import { installFakeAudio, type Microphone } from '../helpers/consoleFakeAudio.js';
import { FakeWebSocket } from '../helpers/consoleFakeWebSocket.js';
import { makeAgent, openAgentDetail } from './agents-fixtures.js';

export const AGENT = makeAgent({ id: 'a2', name: 'Sales Bot', voice: 'sage', instructions: 'Sell kindly.' });
export const SESSION_ID = 'web-7f3a';

export const READY: TalkServerMessage = {
  type: 'ready',
  sessionId: SESSION_ID,
  format: 'g711_ulaw',
  sampleRate: 8000,
  frameMs: 20,
  unsaved: false,
};

let audio: ReturnType<typeof installFakeAudio>;

/** Fake audio for every test of the file (a granted microphone unless `swapMicrophone` says otherwise). */
export function withFakeAudio(): { readonly current: ReturnType<typeof installFakeAudio> } {
  beforeEach(() => {
    audio = installFakeAudio();
  });
  afterEach(() => audio.restore());
  return {
    get current() {
      return audio;
    },
  };
}

/** Swaps the microphone the fake browser offers for this test. */
export function swapMicrophone(microphone: Microphone) {
  audio.restore();
  audio = installFakeAudio(microphone);
  return audio;
}

/** The agent page, the console's own socket open. */
export async function openAgentPage() {
  const app = await openAgentDetail(AGENT);
  const channel = FakeWebSocket.instances.find((socket) => socket.url.includes('/api/frontend'));
  if (!channel) throw new Error('The console socket was not opened');
  act(() => channel.open());
  return { app, channel };
}

export const talkSocket = () => FakeWebSocket.instances.filter((socket) => socket.url.includes('/talk')).at(-1);

/** Opens the Talk panel with its button. */
export async function openTalk(app: { user: UserEvent }) {
  await app.user.click(screen.getByRole('button', { name: 'Talk' }));
  return screen.findByRole('dialog', { name: 'Talk with Sales Bot' });
}

/** Presses Start talking and waits for the Talk socket, then opens it. */
export async function startCall(app: { user: UserEvent }, dialog: HTMLElement) {
  await app.user.click(within(dialog).getByRole('button', { name: 'Start talking' }));
  const socket = await waitFor(() => {
    const found = talkSocket();
    expect(found).toBeDefined();
    return found as FakeWebSocket;
  });
  act(() => socket.open());
  return socket;
}

/** A call that is live: started, opened, and `ready` received. */
export async function liveCall(ready: Partial<TalkServerMessage> = {}) {
  const page = await openAgentPage();
  const dialog = await openTalk(page.app);
  const socket = await startCall(page.app, dialog);
  act(() => socket.receive({ ...READY, ...ready }));
  await within(dialog).findByText('Live');
  return { ...page, dialog, socket };
}

/**
 * The Talk panel in Chromium with a fake microphone (issue 20), against the real server for
 * everything but the sockets: the Talk server (branch h/talk) has not landed yet, so its socket is
 * routed to a fake speaking shared/types/talk.ts, and the console's channel to one that delivers
 * the call's transcript events. It proves what only a browser can: the capture worklet loads under
 * the console's CSP and sends 20 ms μ-law frames, the agent's audio plays and its mark is answered,
 * and it takes the panel's screenshots at 375 and 1280 px.
 */

import { expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { linearToMuLaw } from '../../console/lib/audio/g711.js';
import type { TalkServerMessage } from '../../shared/types/talk.js';
import { CHROMIUM_LAUNCH_OPTIONS } from '../helpers/chromiumLaunch.js';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { shootBoth } from '../helpers/e2eScreens.js';

const member = storyMember('talk', 'talk-pass-123');
const AGENT = 'Front Desk';
const SESSION_ID = 'web-e2e-1';

test.use({
  launchOptions: {
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [
      ...(CHROMIUM_LAUNCH_OPTIONS.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const shoot = (page: Page, name: string) => shootBoth(page, 'talk', name, false);

/** 20 ms of a 440 Hz tone, μ-law at 8 kHz, as the bridge relays the agent's voice. */
const TONE_FRAME = Uint8Array.from({ length: 160 }, (_, i) =>
  linearToMuLaw(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000))),
);

interface FakeTalk {
  socket: WebSocketRoute | null;
  text: Array<{ type: string; [key: string]: unknown }>;
  frames: number[];
  /** What the fake does on `start`: go live, or close with a code. */
  onStart: { ready: true } | { close: number; reason: string };
}

async function routeSockets(page: Page) {
  const talk: FakeTalk = { socket: null, text: [], frames: [], onStart: { ready: true } };
  const channel: { socket: WebSocketRoute | null } = { socket: null };
  await page.routeWebSocket(/\/api\/frontend/, (ws) => {
    channel.socket = ws;
    ws.onMessage(() => undefined);
  });
  await page.routeWebSocket(/\/api\/agents\/[^/]+\/talk/, (ws) => {
    talk.socket = ws;
    ws.onMessage((message) => {
      if (typeof message !== 'string') {
        talk.frames.push(message.length);
        return;
      }
      const parsed = JSON.parse(message) as FakeTalk['text'][number];
      talk.text.push(parsed);
      if (parsed.type !== 'start') return;
      if ('close' in talk.onStart) {
        void ws.close({ code: talk.onStart.close, reason: talk.onStart.reason });
        return;
      }
      const ready: TalkServerMessage = {
        type: 'ready',
        sessionId: SESSION_ID,
        format: 'g711_ulaw',
        sampleRate: 8000,
        frameMs: 20,
        unsaved: parsed.settings !== undefined,
      };
      ws.send(JSON.stringify(ready));
    });
  });
  return { talk, channel };
}

function channelEvent(channel: { socket: WebSocketRoute | null }, event: Record<string, unknown>) {
  if (!channel.socket) throw new Error('The console socket was not opened');
  channel.socket.send(JSON.stringify({ streamSid: SESSION_ID, timestamp: Date.now(), ...event }));
}

test.describe.configure({ mode: 'serial' });

createMemberBeforeAll(member);

test('talk: unsaved edits, microphone frames under the CSP, playback, marks, transcript, hang up, close codes', async ({
  page,
}) => {
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text()))
      cspErrors.push(message.text());
  });
  const { talk, channel } = await routeSockets(page);
  await signInWide(page, member);

  await page.getByRole('button', { name: 'New Agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Agent' });
  await create.getByLabel('Agent Name').fill(AGENT);
  await create.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('link', { name: AGENT, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: AGENT })).toBeVisible();
  await page.getByLabel('Instructions', { exact: true }).fill('Greet the caller and offer a table for two.');

  // Talk beside Call in the page's header, at both widths.
  await shoot(page, 'page');
  await page.getByRole('button', { name: 'Talk', exact: true }).click();
  const panel = page.getByRole('dialog', { name: `Talk with ${AGENT}` });
  await expect(panel.getByText('Talking with your unsaved changes.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Start talking' })).toBeFocused();
  await shoot(page, 'idle');

  await panel.getByRole('button', { name: 'Start talking' }).click();
  await expect(panel.getByText('Live', { exact: true })).toBeVisible();
  expect(talk.text[0]).toEqual({
    type: 'start',
    settings: { instructions: 'Greet the caller and offer a table for two.' },
  });
  await expect(panel.getByRole('button', { name: 'Hang up' })).toBeFocused();
  // The worklet runs (the CSP let it load) and the page sends 20 ms μ-law frames: 50 a second.
  await expect.poll(() => talk.frames.length, { timeout: 5000 }).toBeGreaterThan(25);
  expect(new Set(talk.frames)).toEqual(new Set([160]));

  for (let i = 0; i < 25; i++) talk.socket?.send(Buffer.from(TONE_FRAME));
  talk.socket?.send(JSON.stringify({ type: 'mark', name: 'item_1:500:g1:m1' }));
  // Half a second of audio queued: the mark comes back once it has played, not at once.
  await page.waitForTimeout(200);
  expect(talk.text).not.toContainEqual({ type: 'mark', name: 'item_1:500:g1:m1' });
  await expect.poll(() => talk.text, { timeout: 3000 }).toContainEqual({ type: 'mark', name: 'item_1:500:g1:m1' });

  channelEvent(channel, {
    type: 'call.message',
    item_id: 'a1',
    message: 'Good evening, Front Desk here. How can I help?',
    message_type: 'assistant',
  });
  channelEvent(channel, {
    type: 'call.message',
    item_id: 'u1',
    message: 'A table for two at eight, please.',
    message_type: 'user',
  });
  channelEvent(channel, {
    type: 'call.function_output',
    function_id: 'tool-1',
    message: 'book_table',
    function_args: '{"people":2,"time":"20:00"}',
    output: '{"ok":true}',
  });
  channelEvent(channel, {
    type: 'call.message',
    item_id: 'a2',
    message: 'Booked: a table for two at eight.',
    message_type: 'assistant',
  });
  const log = panel.getByRole('log', { name: 'Transcript' });
  await expect(log.getByText('Booked: a table for two at eight.')).toBeVisible();
  await expect(log.getByRole('button', { name: /Function: book_table/ })).toBeVisible();
  await shoot(page, 'live');

  await panel.getByRole('button', { name: 'Hang up' }).click();
  await expect(panel.getByText('Call ended')).toBeVisible();
  await expect.poll(() => talk.text.at(-1)).toEqual({ type: 'hangup' });
  await shoot(page, 'ended');

  talk.onStart = { close: 4503, reason: 'No OpenAI API key in Settings' };
  await panel.getByRole('button', { name: 'Talk again' }).click();
  await expect(panel.getByRole('alert')).toContainText('Talk needs an OpenAI API key');
  await expect(panel.getByRole('link', { name: 'Open Settings' })).toBeVisible();
  await shoot(page, 'no-key');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  expect(cspErrors).toEqual([]);
});

test('talk: a blocked microphone says how to allow it', async ({ page }) => {
  // The browser's answer when the site's microphone permission is set to Block.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await routeSockets(page);
  await signInWide(page, member);
  await page.getByRole('link', { name: AGENT, exact: true }).click();
  await page.getByRole('button', { name: 'Talk', exact: true }).click();
  const panel = page.getByRole('dialog', { name: `Talk with ${AGENT}` });
  await panel.getByRole('button', { name: 'Start talking' }).click();
  await expect(panel.getByRole('alert')).toContainText('The microphone is blocked');
  await expect(panel.getByRole('button', { name: 'Try again' })).toBeFocused();
  await shoot(page, 'denied');
});

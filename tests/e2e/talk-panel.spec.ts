/**
 * Talk (issue 20) in Chromium, end to end: the real Talk socket and console channel of the real
 * server, the fake OpenAI behind it (tests/helpers/e2eCalls.ts), and Chromium's fake microphone
 * playing a WAV made here (tests/helpers/fakeMicrophone.ts: syllables the fake Realtime VAD hears
 * as the caller speaking). A member without a key is told to add one; with a key saved, the
 * agent's unsaved edits reach OpenAI, the microphone's audio reaches it under the console's CSP,
 * the agent's reply plays, the transcript shows both sides, the call is live on Sessions in a
 * second tab, and Hang up moves it to the Ended table. Unsaved instructions too large for one
 * message are refused before connecting, and a tab whose microphone is blocked says how to allow
 * it. Screenshots at 375 and 1280 px.
 */

import { expect, type Locator, type Page, test } from '@playwright/test';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import { fakeRealtimeState, restoreRealtimeScriptAfterAll, scriptRealtime } from '../helpers/e2eCalls.js';
import { createAgentAndOpen, saveIntegrations } from '../helpers/e2eConsole.js';
import { dismissToasts, shootBoth } from '../helpers/e2eScreens.js';
import { fakeMicrophoneLaunchOptions, writeFakeMicrophoneWav } from '../helpers/fakeMicrophone.js';

// Launch options are read when the browser starts: the WAV exists before that.
test.use({ launchOptions: fakeMicrophoneLaunchOptions(writeFakeMicrophoneWav()) });

const member = storyMember('talk', 'talk-pass-123');
const AGENT = 'Front Desk';
const INSTRUCTIONS = 'Greet the caller and offer a table for two.';
const GREETING = 'Good evening, Front Desk here. How can I help?';
const QUESTION = 'A table for two at eight, please.';
const ANSWER = 'Booked: a table for two at eight.';

const shoot = (page: Page, name: string) => shootBoth(page, 'talk', name, false);
const activeRows = (page: Page) => page.getByRole('region', { name: 'Active Sessions' }).locator('tr[data-stream-sid]');
const endedRows = (page: Page) => page.getByRole('region', { name: 'Ended Sessions' }).locator('tr[data-stream-sid]');

/**
 * What the page's Web Audio does, seen from outside the console's code: every AudioContext it
 * makes, so the story can ask whether the one playing the agent is running.
 */
async function watchAudioContexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.AudioContext;
    const made: AudioContext[] = [];
    (window as unknown as { __audioContexts: AudioContext[] }).__audioContexts = made;
    window.AudioContext = class extends Native {
      constructor(options?: AudioContextOptions) {
        super(options);
        made.push(this);
      }
    };
  });
}

const audioContextStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __audioContexts: AudioContext[] }).__audioContexts.map((c) => c.state));

/** The panel's marks on the Performance timeline (talkMarks.ts): when the agent was first heard. */
const firstAudioMarks = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('switchboard:talk-first-agent-audio').length);

async function openTalk(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Talk', exact: true }).click();
  return page.getByRole('dialog', { name: `Talk with ${AGENT}` });
}

test.describe.configure({ mode: 'serial' });

createMemberBeforeAll(member);

restoreRealtimeScriptAfterAll();

test('talk: no key, then unsaved edits, the microphone reaching OpenAI, the reply played, both sides transcribed, live on Sessions in a second tab, Hang up to Ended, too large, a blocked microphone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text()))
      cspErrors.push(message.text());
  });
  await watchAudioContexts(page);
  await signInWide(page, member);

  await createAgentAndOpen(page, AGENT);

  // Without an OpenAI key the server refuses the call (4503), and the panel says where to add one.
  await shoot(page, 'page');
  let panel = await openTalk(page);
  await expect(panel.getByRole('button', { name: 'Start talking' })).toBeFocused();
  await shoot(page, 'idle');
  await panel.getByRole('button', { name: 'Start talking' }).click();
  await expect(panel.getByRole('alert')).toContainText('Talk needs an OpenAI API key');
  await expect(panel.getByRole('alert')).toContainText('Add your OpenAI API key in Settings');
  await expect(panel.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
  await shoot(page, 'no-key');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-talk-0123456789' });
  await dismissToasts(page);
  await page.goto('/agents');
  await page.getByRole('link', { name: AGENT, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: AGENT })).toBeVisible();

  // Unsaved edits: the call uses them, and nothing is saved.
  await page.getByLabel('Instructions', { exact: true }).fill(INSTRUCTIONS);
  await page.getByRole('switch', { name: 'Agent speaks first' }).click();
  await page.getByRole('switch', { name: 'Transcription', exact: true }).click();
  await scriptRealtime(request, {
    responses: [
      { text: GREETING, audioMs: 1200 },
      { text: ANSWER, audioMs: 1200 },
    ],
    userTranscripts: [QUESTION],
    speedup: 2,
  });
  const sessionsBefore = (await fakeRealtimeState(request)).sessions.length;

  panel = await openTalk(page);
  await expect(panel.getByText('Talking with your unsaved changes.')).toBeVisible();
  await panel.getByRole('button', { name: 'Start talking' }).click();
  await expect(panel.getByText('Live', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Hang up' })).toBeFocused();

  // OpenAI got the unsaved instructions and hears the microphone: μ-law at 8 kHz, 8000 bytes a second.
  const realtime = async () => (await fakeRealtimeState(request)).sessions.slice(sessionsBefore);
  await expect.poll(async () => (await realtime()).length).toBe(1);
  const [session] = await realtime();
  expect(session?.instructions).toContain(INSTRUCTIONS);
  expect(session?.received).toContain('session.update');
  await expect.poll(async () => (await realtime())[0]?.audioBytes, { timeout: 5000 }).toBeGreaterThan(8000);

  // The greeting plays: the panel marks the moment it is heard, on a running AudioContext.
  await expect.poll(() => firstAudioMarks(page)).toBe(1);
  expect(await audioContextStates(page)).toContain('running');

  // The microphone's syllables are a turn: the caller's words and the answer, beside the greeting.
  const log = panel.getByRole('log', { name: 'Transcript' });
  await expect(log.locator('[data-message-type="assistant"]').first()).toContainText(GREETING);
  await expect(log.locator('[data-message-type="user"]').first()).toContainText(QUESTION, { timeout: 15_000 });
  await expect(log.getByText(ANSWER)).toBeVisible({ timeout: 10_000 });
  await shoot(page, 'live');

  // A second tab on Sessions: the call is live there, a web call from the member.
  const sessionsTab = await page.context().newPage();
  await sessionsTab.setViewportSize({ width: 1280, height: 800 });
  await sessionsTab.goto('/sessions');
  const row = activeRows(sessionsTab).filter({ hasText: AGENT });
  // A new tab loads the console and the Sessions page's chunk before the list: more than 5 s on a loaded machine.
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row.locator('td[data-label="Call Type"]')).toHaveText('web');
  await expect(row.locator('td[data-label="From"]')).toHaveText(member.username);
  const streamSid = await row.getAttribute('data-stream-sid');
  await shootBoth(sessionsTab, 'talk', 'sessions-live');

  await panel.getByRole('button', { name: 'Hang up' }).click();
  await expect(panel.getByText('Call ended')).toBeVisible();
  await expect(panel.getByText('You hung up.')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Open the session' })).toHaveAttribute('href', `/sessions/${streamSid}`);
  await expect.poll(async () => (await realtime())[0]?.open).toBe(false);
  await shoot(page, 'ended');

  // The other tab sees it end without a reload.
  await expect(activeRows(sessionsTab)).toHaveCount(0);
  const ended = endedRows(sessionsTab).filter({ hasText: AGENT });
  await expect(ended).toHaveCount(1);
  await expect(ended).toHaveAttribute('data-stream-sid', streamSid ?? '');
  await expect(ended.locator('td[data-label="Call Type"]')).toHaveText('web');
  await shootBoth(sessionsTab, 'talk', 'sessions-ended');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  expect(cspErrors).toEqual([]);

  // Instructions longer than one WebSocket message takes (64 KB): the panel says to save first.
  await page.getByLabel('Instructions', { exact: true }).fill('Be brief. '.repeat(7000));
  panel = await openTalk(page);
  await panel.getByRole('button', { name: 'Start talking' }).click();
  await expect(panel.getByRole('alert')).toContainText('Your unsaved changes are too large to send with a call');
  await shoot(page, 'too-large');
  expect((await fakeRealtimeState(request)).sessions.length).toBe(sessionsBefore + 1);
  await page.keyboard.press('Escape');

  // The same agent in the other tab, where the site's microphone permission is set to Block.
  await sessionsTab.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await sessionsTab.goto(new URL(page.url()).pathname);
  const blocked = await openTalk(sessionsTab);
  await blocked.getByRole('button', { name: 'Start talking' }).click();
  await expect(blocked.getByRole('alert')).toContainText('The microphone is blocked');
  await expect(blocked.getByRole('button', { name: 'Try again' })).toBeFocused();
  await shoot(sessionsTab, 'denied');
});

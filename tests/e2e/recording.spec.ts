/**
 * Issue 21's recordings in Chromium against the real server and the fakes: an agent with Record
 * calls on answers a phone call (fake Twilio ↔ fake Realtime); the session page says it is
 * recording while the call runs, then plays it: a click on a transcript line moves the audio
 * element's currentTime to that line, and Download WAV saves the call as a WAV file. The agent
 * analyses its calls too: the fake chat model's structured answer shows in the Analysis card.
 * Screenshots of the session page with the player, and of the finished analysis, at 375 and 1280 px.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { FAKE_CHAT_CONTROL } from '../fixtures/fakeOpenAIChatServer.js';
import { E2E_TWILIO_ACCOUNT } from '../fixtures/fakeTwilioServer.js';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import {
  callerHangsUp,
  callerSays,
  playedMs,
  restoreRealtimeScriptAfterAll,
  ringNumber,
  scriptRealtime,
} from '../helpers/e2eCalls.js';
import { choose, createAgentAndOpen, saveIntegrations, toast } from '../helpers/e2eConsole.js';
import { E2E_OPENAI_PORT } from '../helpers/e2eEnv.js';
import { dismissToasts, shootBoth, shootElementBoth } from '../helpers/e2eScreens.js';

const member = storyMember('recording', 'recording-pass-123');
// Its own number: another member's association of sessions.spec's number would move it away.
const NUMBER = E2E_TWILIO_ACCOUNT.numbers[2];
const NUMBER_SHOWN = '+1 (415) 555-0103';
const AGENT = 'Recorded Line';
const GREETING = 'Hello! This call is recorded. How can I help?';
const GREETING_MS = 1200;
const QUESTION = 'Is my parcel on its way?';
const ANSWER = 'Yes, it left the depot this morning.';
const FAKE_OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;
const SUMMARY = 'The caller asked about a parcel; the agent confirmed it left the depot this morning.';

createMemberBeforeAll(member);
restoreRealtimeScriptAfterAll();

test('a recorded call plays on its session page: a transcript line seeks the audio, and the WAV downloads', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInWide(page, member);
  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-recording-0123456789', twilio: E2E_TWILIO_ACCOUNT });
  await page.goto('/agents');
  await createAgentAndOpen(page, AGENT);
  await page.getByRole('switch', { name: 'Agent speaks first' }).click();
  await page.getByRole('switch', { name: 'Transcription', exact: true }).click();
  await page.getByRole('switch', { name: 'Record calls' }).click();
  await shootElementBoth(page, page.getByRole('region', { name: 'Advanced Settings' }), 'recording', 'agent-setting');
  await choose(page, 'Phone Number', NUMBER_SHOWN);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Agent updated successfully')).toBeVisible();
  await dismissToasts(page);
  // Analysis through the API (the analysis story types it in the console).
  const agentId = new URL(page.url()).pathname.split('/').pop();
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const analysis = await request.put(`/api/agents/${agentId}/analysis`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      enabled: true,
      summaryPrompt: '',
      successCriteria: 'The caller learns where the parcel is.',
      dataSchema: {
        type: 'object',
        additionalProperties: false,
        properties: { parcel_status: { type: ['string', 'null'] } },
        required: ['parcel_status'],
      },
    },
  });
  expect(analysis.ok(), await analysis.text()).toBe(true);
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.reset}`);
  await request.post(`${FAKE_OPENAI}${FAKE_CHAT_CONTROL.replies}`, {
    data: [
      {
        json: {
          summary: SUMMARY,
          success: { verdict: 'pass', reason: 'The agent said the parcel left the depot.' },
          data: { parcel_status: 'left the depot' },
        },
        usage: { prompt: 640, cached: 0, completion: 60 },
      },
    ],
  });

  await scriptRealtime(request, {
    responses: [
      { text: GREETING, audioMs: GREETING_MS },
      { text: ANSWER, audioMs: 1500 },
    ],
    userTranscripts: [QUESTION],
    speedup: 1,
  });
  const call = await ringNumber(request, { to: NUMBER, from: '+14155550123' });
  await page.goto(`/sessions/${call.streamSid}`);
  const card = page
    .getByRole('heading', { name: 'Recording' })
    .locator('xpath=ancestor::div[contains(@class,"rt-Card")]');
  await expect(card).toContainText('Recording… (available when the call ends)');

  await expect.poll(() => playedMs(request, call), { timeout: 10_000 }).toBeGreaterThanOrEqual(GREETING_MS);
  await callerSays(request, call, 800);
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript.locator('[data-message-type="assistant"]').last()).toContainText(ANSWER);
  await expect.poll(() => playedMs(request, call), { timeout: 10_000 }).toBeGreaterThanOrEqual(GREETING_MS + 1500);
  await callerHangsUp(request, call);
  await expect(page.getByText('Session Ended', { exact: true })).toBeVisible();

  // The player, on the signed link: the element knows the call's length once it read the header.
  const audio = page.getByLabel('Call recording');
  await expect(audio).toBeVisible();
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.duration)).toBeGreaterThan(2);
  await expect(card.getByRole('toolbar', { name: 'Caller' }).getByRole('button')).toHaveCount(1);

  // The caller's line: its play button says where it starts; clicking the line plays from there.
  const callerLine = transcript.locator('[data-message-type="user"]');
  const play = callerLine.getByRole('button', { name: /^Play from \d+:\d\d$/ });
  const place = ((await play.getAttribute('aria-label')) ?? '').replace('Play from ', '');
  const [m = '0', s = '0'] = place.split(':');
  const startS = Number(m) * 60 + Number(s);
  expect(await audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBe(0);
  await callerLine.getByText(QUESTION).click();
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThanOrEqual(startS);
  expect(await audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeLessThan(startS + 3);
  await expect(callerLine).toHaveAttribute('aria-current', 'true');
  await audio.evaluate((el: HTMLAudioElement) => el.pause());
  await shootBoth(page, 'recording', 'session');

  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download WAV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`call-${call.streamSid}.wav`);
  const bytes = readFileSync((await file.path()) ?? '');
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
  // Two channels (caller, agent) of 16-bit samples at 8000 Hz (the recording contract).
  expect([bytes.readUInt16LE(22), bytes.readUInt32LE(24), bytes.readUInt16LE(34)]).toEqual([2, 8000, 16]);

  const results = page.getByRole('region', { name: 'Analysis' });
  await expect(results).toContainText(SUMMARY);
  await expect(results).toContainText('left the depot');
  await expect(results.getByText('Pass', { exact: true })).toBeVisible();
  await shootElementBoth(page, results, 'recording', 'analysis-done');
});

/**
 * An operator on a live phone call (issue 23), end to end in Chromium: the real server, the fake
 * Twilio ringing it and playing what it sends, the fake Realtime answering (tests/helpers/e2eCalls.ts),
 * and Chromium's fake microphone as the operator's voice (tests/helpers/fakeMicrophone.ts).
 * Listen: both legs reach the page and are played, while the caller still hears the agent.
 * Take over: the agent's response is cancelled, the model starts none while the caller speaks,
 * and what the caller is sent from then on is the operator's microphone, never the agent's voice.
 * Hand back: the model is told what the caller said meanwhile and answers again. Transfer: the
 * fake Twilio's call is updated to `<Dial>` the agent's destination, and the session ends as
 * transferred. Screenshots at 375 and 1280 px of each state and of the agent's Built-in functions.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { toneBytes } from '../fixtures/fakeRealtimeAudio.js';
import { parseDialTwiml } from '../fixtures/fakeTwilioDial.js';
import { E2E_TWILIO_ACCOUNT } from '../fixtures/fakeTwilioServer.js';
import { decodeMulaw } from '../helpers/audioSignals.js';
import { createMember, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import {
  audioSentToCaller,
  callerSays,
  type E2eCall,
  fakeRealtimeState,
  fakeTwilioState,
  playedMs,
  restoreRealtimeScriptAfterAll,
  ringNumber,
  scriptRealtime,
} from '../helpers/e2eCalls.js';
import { callApiAs } from '../helpers/e2eConsole.js';
import { listenCounts, watchListening } from '../helpers/e2eListen.js';
import { dismissToasts, shootBoth, shootElementBoth } from '../helpers/e2eScreens.js';
import { fakeMicrophoneLaunchOptions, writeFakeMicrophoneWav } from '../helpers/fakeMicrophone.js';

// Launch options are read when the browser starts: the WAV exists before that.
test.use({ launchOptions: fakeMicrophoneLaunchOptions(writeFakeMicrophoneWav()) });

const member = storyMember('operator', 'operator-pass-1234');
const NUMBER = E2E_TWILIO_ACCOUNT.numbers[3];
const CALLER = '+14155550177';
const DESTINATION = { name: 'Front desk', phoneNumber: '+14155550199', whenToUse: 'The caller asks for a person.' };

const GREETING = 'Hello, Harbour Clinic. How can I help?';
const GREETING_MS = 1000;
const ASK = 'Can I move my appointment?';
const ANSWER = 'Of course. Which day suits you?';
const ANSWER_MS = 2500;
const ASK_AGAIN = 'I would rather speak to a person.';
/** Long enough that the take-over always lands while it is still being sent. */
const LONG_ANSWER = 'Let me read you every free slot we have this week, starting on Monday morning…';
const SAID_MEANWHILE = 'Thursday at ten works for me.';
const ASK_AFTER = 'Are we all set then?';
const AFTER = 'Yes: Thursday at ten. See you then.';

/** Waits across the server, two fakes and a browser on a shared machine. */
const SLOW = { timeout: 15_000 };

/**
 * The fake Realtime's voice is a 440 Hz μ-law tone (fakeRealtimeAudio.ts), which repeats every
 * 200 bytes at 8 kHz: every 32-byte run of it, at each phase, is one of these.
 */
const RUN = 32;
const TONE = toneBytes('audio/pcmu', 100);
const AGENT_RUNS = new Set(Array.from({ length: 200 }, (_, i) => TONE.subarray(i, i + RUN).toString('hex')));
const hasAgentVoice = (audio: Buffer) => {
  for (let i = 0; i + RUN <= audio.length; i++)
    if (AGENT_RUNS.has(audio.subarray(i, i + RUN).toString('hex'))) return true;
  return false;
};
/** 20 ms frames louder than the fake Realtime VAD's speech level (the microphone's syllables). */
const loudFrames = (audio: Buffer) => {
  let loud = 0;
  for (let i = 0; i + 160 <= audio.length; i += 160) {
    const samples = decodeMulaw(audio.subarray(i, i + 160));
    const rms = Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);
    if (rms > 400) loud += 1;
  }
  return loud;
};

/** What the caller was sent since the latest `clear` (the take-over's). */
async function sentSinceClear(request: APIRequestContext, call: E2eCall): Promise<Buffer> {
  const { audio, clearedAt } = await audioSentToCaller(request, call);
  return audio.subarray(clearedAt.at(-1) ?? 0);
}

test.describe.configure({ mode: 'serial' });

restoreRealtimeScriptAfterAll();

test('an operator listens to a call, takes it over, hands it back with the context, and transfers it', async ({
  page,
  request,
}) => {
  // About 45 s alone; the bound leaves room for a loaded machine and the screenshots.
  test.setTimeout(150_000);
  await createMember(request, member);
  await watchListening(page);
  await signInWide(page, member);
  // The keys through the API: Settings has its own stories, and this one is long enough.
  await callApiAs(page, request, 'PUT', '/api/accounts/settings', {
    openai_api_key: 'sk-e2e-operator-0123456789',
    twilio_account_sid: E2E_TWILIO_ACCOUNT.accountSid,
    twilio_auth_token: E2E_TWILIO_ACCOUNT.authToken,
  });

  // The agent: speaks first, transcribes the caller, one transfer destination, on its own number.
  const agentId = (await callApiAs<{ id: string }>(page, request, 'POST', '/api/agents', { name: 'Clinic Line' })).id;
  await callApiAs(page, request, 'PATCH', `/api/agents/${agentId}`, {
    speakFirst: true,
    transcription: true,
    builtinFunctions: {
      transferCall: { enabled: true, destinations: [DESTINATION], transferLine: 'Please hold.' },
      endCall: { enabled: false },
    },
  });
  await callApiAs(page, request, 'POST', '/api/phone-associations', { phoneNumber: NUMBER, agentId });

  await scriptRealtime(request, {
    responses: [
      { text: GREETING, audioMs: GREETING_MS },
      { text: ANSWER, audioMs: ANSWER_MS },
      { text: LONG_ANSWER, audioMs: 60_000 },
      { text: AFTER, audioMs: 800 },
    ],
    userTranscripts: [ASK, ASK_AGAIN, SAID_MEANWHILE, ASK_AFTER],
    speedup: 2,
  });
  const sessionsBefore = (await fakeRealtimeState(request)).sessions.length;
  const realtime = async () => {
    const session = (await fakeRealtimeState(request)).sessions[sessionsBefore];
    if (!session) throw new Error('the call opened no Realtime session');
    return session;
  };

  const call = await ringNumber(request, { to: NUMBER, from: CALLER });
  await page.goto(`/sessions/${call.streamSid}`);
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript.locator('[data-message-type="assistant"]').first()).toContainText(GREETING, SLOW);
  const status = page.getByRole('heading', { name: 'Live call' }).locator('xpath=..').getByRole('status');
  await expect(status).toHaveText('The agent is answering this call.');

  // 1. Listen: both legs arrive and are played; the caller still hears the agent.
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await expect(status).toContainText('Listening to both sides of the call', SLOW);
  await expect.poll(() => playedMs(request, call), SLOW).toBeGreaterThanOrEqual(GREETING_MS);
  await callerSays(request, call);
  await expect(transcript.locator('[data-message-type="user"]').first()).toContainText(ASK, SLOW);
  await expect(transcript.locator('[data-message-type="assistant"]').nth(1)).toContainText(ANSWER, SLOW);
  await expect.poll(async () => (await listenCounts(page)).loudFrames[0], SLOW).toBeGreaterThanOrEqual(20);
  // The answer is 2.5 s of the agent's voice, 8 bytes a millisecond: at least 2 s of it, whatever a busy socket dropped.
  await expect.poll(async () => (await listenCounts(page)).bytes[1], SLOW).toBeGreaterThanOrEqual(2000 * 8);
  const heard = await listenCounts(page);
  expect(heard.loudFrames[1]).toBeGreaterThan(30);
  expect(heard.played).toBeGreaterThan(100);
  expect(heard.peak).toBeGreaterThan(0.1);
  expect(heard.sent).toBe(0);
  await expect.poll(() => playedMs(request, call), SLOW).toBeGreaterThanOrEqual(GREETING_MS + ANSWER_MS);
  expect(hasAgentVoice((await audioSentToCaller(request, call)).audio)).toBe(true);
  await shootBoth(page, 'live-call', 'listening');

  // 2. Take over while the agent is in the middle of a long answer.
  await callerSays(request, call);
  await expect(transcript.getByText(ASK_AGAIN)).toBeVisible(SLOW);
  const playedBefore = await playedMs(request, call);
  await expect.poll(() => playedMs(request, call), SLOW).toBeGreaterThan(playedBefore + 300);
  const before = await realtime();
  const cancelsBefore = before.received.filter((t) => t === 'response.cancel').length;
  const clearsBefore = (await audioSentToCaller(request, call)).clearedAt.length;
  await page.getByRole('button', { name: 'Take over' }).click();
  await expect(status).toContainText('You have taken over: the agent is muted and the caller hears you.', SLOW);
  await expect(page.getByRole('button', { name: 'Hand back' })).toBeVisible();
  await expect(transcript.locator('[data-message-type="operator"]')).toContainText(
    `${member.username} took over the call`,
  );
  await expect
    .poll(async () => (await realtime()).received.filter((t) => t === 'response.cancel').length, SLOW)
    .toBe(cancelsBefore + 1);
  await expect.poll(async () => (await audioSentToCaller(request, call)).clearedAt.length, SLOW).toBe(clearsBefore + 1);
  const taken = await realtime();
  const afterTakeOver = taken.received.length;

  // The operator's microphone reaches the caller: loud syllables, and never the agent's voice.
  await expect
    .poll(async () => loudFrames(await sentSinceClear(request, call)), { timeout: 20_000 })
    .toBeGreaterThan(10);
  expect((await listenCounts(page)).sent).toBeGreaterThan(50);
  await expect.poll(async () => (await listenCounts(page)).frames[2], SLOW).toBeGreaterThan(50);
  await shootBoth(page, 'live-call', 'taken-over');

  // The caller speaks: transcribed, but the model starts no response and nobody asks it for one.
  await callerSays(request, call);
  await expect(transcript.getByText(SAID_MEANWHILE)).toBeVisible(SLOW);
  // A second for a response a broken mute would start (the fake answers within milliseconds).
  await page.waitForTimeout(1000);
  const muted = await realtime();
  expect(muted.received.slice(afterTakeOver)).not.toContain('response.create');
  expect(muted.responses).toBe(taken.responses);
  expect(hasAgentVoice(await sentSinceClear(request, call))).toBe(false);

  // 3. Hand back: the model is told what the caller said meanwhile, and answers the next turn.
  await page.getByRole('button', { name: 'Hand back' }).click();
  await expect(status).toContainText('The agent is answering this call.', SLOW);
  await expect.poll(async () => JSON.stringify((await realtime()).items), SLOW).toContain(SAID_MEANWHILE);
  const note = (await realtime()).items.at(-1) as { role: string; content: { text: string }[] };
  expect(note.role).toBe('system');
  expect(note.content[0]?.text).toContain(member.username);
  await callerSays(request, call);
  await expect(transcript.getByText(AFTER)).toBeVisible(SLOW);
  await expect.poll(async () => hasAgentVoice(await sentSinceClear(request, call)), SLOW).toBe(true);

  // 4. Transfer to the agent's destination, from the session page.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Transfer' }).click();
  await page.getByRole('menuitem', { name: `${DESTINATION.name} · +1 (415) 555-0199` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Transfer this call?' });
  await expect(confirm).toContainText('The caller is put through to Front desk (+1 (415) 555-0199) at once');
  await shootBoth(page, 'live-call', 'transfer-dialog', false);
  await confirm.getByRole('button', { name: 'Transfer' }).click();
  await expect
    .poll(async () => {
      const update = (await fakeTwilioState(request)).updates.find((u) => u.callSid === call.callSid);
      return update ? parseDialTwiml(update.twiml)?.number : undefined;
    }, SLOW)
    .toBe(DESTINATION.phoneNumber);
  await expect(page.getByText('Session Ended', { exact: true })).toBeVisible(SLOW);
  const info = page.getByRole('heading', { name: 'Call', exact: true }).locator('xpath=..');
  await expect(info).toContainText('Transferred');
  await expect(info).toContainText('Front desk (+1 (415) 555-0199) by an operator');
  await expect(page.getByRole('heading', { name: 'Live call' })).toBeHidden();
  // The stored transcript, reloaded once the call ended, ends with the transfer.
  await expect(transcript.getByRole('button', { name: 'Function: transfer_call' })).toBeVisible(SLOW);
  await dismissToasts(page);
  await shootBoth(page, 'live-call', 'transferred');

  // The agent's Built-in functions, as the destination was set.
  await page.goto(`/agents/${agentId}`);
  const builtins = page.getByRole('region', { name: 'Built-in functions' });
  await expect(builtins.getByLabel('Name', { exact: true })).toHaveValue(DESTINATION.name, SLOW);
  await shootElementBoth(page, builtins, 'live-call', 'builtin-functions');
});

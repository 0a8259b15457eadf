/**
 * Sessions story in a real browser: a phone call placed by the fake Twilio against the real
 * server, answered through the fake OpenAI Realtime behind it (both started by Playwright, see
 * tests/helpers/e2eCalls.ts). A fresh user saves the Twilio account and an OpenAI key, gives an
 * agent a tool and the fake's second number (agents.spec.ts uses the first), and watches a call
 * live: the Active table with its ticking duration, the transcript as it is spoken, a tool call's
 * dialog, End Session (asked first), the Ended table. Then more calls end one after another, and
 * the Ended table pages and sorts them, keeping its state across a visit to a session. Last, the
 * agent calls out: the call rings on Sessions from "Call initiated" on (its toast opens it), runs
 * in the same row once answered, and one nobody answers leaves when Twilio reports it.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_TWILIO_ACCOUNT } from '../fixtures/fakeTwilioServer.js';
import { createMemberBeforeAll, signInWide, storyMember } from '../helpers/e2eAccounts.js';
import {
  answerCall,
  callEndsAtTwilio,
  callerHangsUp,
  callerSays,
  type E2eCall,
  fakeTwilioState,
  playedMs,
  restoreRealtimeScriptAfterAll,
  ringNumber,
  scriptRealtime,
} from '../helpers/e2eCalls.js';
import { choose, createAgentAndOpen, createToolThroughApi, saveIntegrations, toast } from '../helpers/e2eConsole.js';
import { dismissToasts, shootBoth } from '../helpers/e2eScreens.js';

const member = storyMember('sessions', 'sessions-pass-123');
const NUMBER = E2E_TWILIO_ACCOUNT.numbers[1];
const NUMBER_SHOWN = '+1 (415) 555-0102';
const CALLER = '+14155550123';
const CALLER_SHOWN = '+1 (415) 555-0123';
/** Whom the agent calls in the outbound story. */
const CALLEE = '+442071838750';
const AGENT = 'Bakery Line';
const TOOL = 'check_hours';

const GREETING = 'Hello! You reached the bakery. How can I help?';
const QUESTION = 'When are you open on Monday?';
const ANSWER = 'On Monday we are open from nine to five.';
const GREETING_MS = 1200;
const ARGUMENTS = '{"day":"monday"}';

/** Callers of the calls that fill the Ended table: +1 (415) 555-1001 … 555-1011. */
const MORE_CALLS = 11;
const moreCaller = (i: number) => `+1415555${1000 + i}`;
const moreCallerShown = (i: number) => `+1 (415) 555-${1000 + i}`;

const activeRegion = (page: Page) => page.getByRole('region', { name: 'Active Sessions' });
const endedRegion = (page: Page) => page.getByRole('region', { name: 'Ended Sessions' });
const rows = (region: Locator) => region.locator('tr[data-stream-sid]');
const fromNumbers = (region: Locator) => rows(region).locator('td[data-label="From"]').allTextContents();

test.describe.configure({ mode: 'serial' });

createMemberBeforeAll(member);

restoreRealtimeScriptAfterAll();

test('a call shows live: ticking in Active, transcript and tool call on its page, End Session moves it to Ended', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signInWide(page, member);

  // The fake Twilio account and an OpenAI key, saved the way a user does it.
  await saveIntegrations(page, { openaiApiKey: 'sk-e2e-sessions-0123456789', twilio: E2E_TWILIO_ACCOUNT });
  const toolId = await createToolThroughApi(page, request, {
    name: TOOL,
    description: 'Opening hours of the bakery on a day',
    type: 'function',
    parameters: { type: 'object', properties: { day: { type: 'string' } }, required: ['day'] },
    handler_code: "async function handler(args) { return { day: args.day, open: '09:00', close: '17:00' }; }",
  });

  // The agent: the tool, speaks first, transcribes the caller, answers the second number.
  await page.goto('/agents');
  await createAgentAndOpen(page, AGENT);
  await page.getByRole('checkbox', { name: TOOL }).click();
  await page.getByRole('switch', { name: 'Agent speaks first' }).click();
  await page.getByRole('switch', { name: 'Transcription', exact: true }).click();
  await choose(page, 'Phone Number', NUMBER_SHOWN);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Agent updated successfully')).toBeVisible();
  await dismissToasts(page);

  // What the model does on this call: greet, look the hours up when asked, then answer.
  await scriptRealtime(request, {
    responses: [
      { text: GREETING, audioMs: GREETING_MS },
      { functionCalls: [{ name: TOOL, arguments: ARGUMENTS }] },
      { text: ANSWER, audioMs: 1200 },
    ],
    userTranscripts: [QUESTION],
    speedup: 2,
  });

  await page.getByRole('link', { name: 'Sessions', exact: true }).click();
  await expect(page.getByText('No active sessions found')).toBeVisible();
  await expect(page.getByText('No ended sessions found')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Real-time connection' })).toHaveText('Connected');

  const call = await ringNumber(request, { to: NUMBER, from: CALLER });

  // It appears without a reload, and its duration ticks.
  const row = rows(activeRegion(page)).filter({ hasText: CALLER_SHOWN });
  await expect(row).toHaveCount(1);
  await expect(row.locator('th[data-label="Agent"]')).toHaveText(AGENT);
  await expect(row.locator('td[data-label="Call Type"]')).toHaveText('inbound');
  await expect(row.locator('td[data-label="To"]')).toHaveText(NUMBER_SHOWN);
  const duration = row.locator('td[data-label="Duration"]');
  await expect(duration).toHaveText(/^\d+s$/);
  const before = await duration.textContent();
  await expect(duration).not.toHaveText(before ?? '');
  await shootBoth(page, 'sessions', 'active');

  await row.locator('td[data-label="To"]').click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${call.streamSid}$`));
  await expect(page.getByText('Active Session', { exact: true })).toBeVisible();
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript.locator('[data-message-type="assistant"]').first()).toContainText(GREETING);

  // The caller waits for the greeting to play out, then asks; the rest arrives while we watch.
  await expect.poll(() => playedMs(request, call), { timeout: 10_000 }).toBeGreaterThanOrEqual(GREETING_MS);
  await callerSays(request, call);
  await expect(transcript.locator('[data-message-type="user"]')).toContainText(QUESTION);
  const fn = transcript.getByRole('button', { name: `Function: ${TOOL}` });
  await expect(fn).toBeVisible();
  await expect(transcript.locator('[data-message-type="assistant"]').last()).toContainText(ANSWER);
  await expect(transcript.locator('[data-message-type]')).toHaveCount(4);
  await shootBoth(page, 'session', 'live');

  await fn.click();
  const fnDialog = page.getByRole('dialog', { name: TOOL });
  await expect(fnDialog.getByRole('link', { name: TOOL })).toHaveAttribute('href', `/tools/${toolId}`);
  await expect(fnDialog.getByRole('region', { name: 'Arguments' })).toContainText('"day": "monday"');
  await expect(fnDialog.getByRole('region', { name: 'Output' })).toContainText('"close": "17:00"');
  await shootBoth(page, 'session', 'function-dialog', false);
  await fnDialog.getByRole('button', { name: 'Close' }).click();
  await expect(fnDialog).toBeHidden();
  await expect(fn).toBeFocused();

  // A live call is not hung up on one click (issue 18): End Session asks first.
  await page.getByRole('button', { name: 'End Session' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'End this session?' });
  await expect(confirm).toContainText(`This hangs up the call with ${CALLER_SHOWN} for both sides`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shootBoth(page, 'session', 'end-confirm', false);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await fakeTwilioState(request)).calls.find((c) => c.sid === call.callSid)?.status).toBe('in-progress');
  await page.getByRole('button', { name: 'End Session' }).click();
  await confirm.getByRole('button', { name: 'End Session' }).click();
  await expect(page.getByText('Session Ended', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'End Session' })).toBeHidden();
  // Ended at Twilio (REST Status=completed), which then stopped the stream.
  await expect
    .poll(async () => (await fakeTwilioState(request)).calls.find((c) => c.sid === call.callSid)?.status)
    .toBe('completed');
  await expect
    .poll(async () => (await fakeTwilioState(request)).streams.find((s) => s.callSid === call.callSid)?.open)
    .toBe(false);
  // The stored transcript, reloaded once the call ended, is the one heard.
  await expect(transcript.locator('[data-message-type]')).toHaveCount(4);
  await shootBoth(page, 'session', 'ended');

  await page.getByRole('link', { name: 'Back to sessions' }).click();
  await expect(page.getByText('No active sessions found')).toBeVisible();
  const ended = rows(endedRegion(page)).filter({ hasText: CALLER_SHOWN });
  await expect(ended).toHaveCount(1);
  await expect(ended.locator('td[data-label="Duration"]')).toHaveText(/^\d+s$/);
  await expect(ended.locator('td[data-label="End Time"]')).not.toHaveText('—');
});

test('ended calls page 5, 10, 25 and 50 at a time and sort both ways', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signInWide(page, member);
  // Short calls: a greeting nobody waits for.
  await scriptRealtime(request, { responses: [{ text: 'Hello!', audioMs: 200 }], userTranscripts: [], speedup: 4 });
  await page.getByRole('link', { name: 'Sessions', exact: true }).click();
  const active = activeRegion(page);
  const ended = endedRegion(page);
  await expect(rows(ended)).toHaveCount(1);

  // Several calls at once, then hung up one after another so they end in a known order.
  const calls: E2eCall[] = await Promise.all(
    Array.from({ length: MORE_CALLS }, (_, k) => ringNumber(request, { to: NUMBER, from: moreCaller(k + 1) })),
  );
  await expect(rows(active)).toHaveCount(MORE_CALLS);
  for (const [i, call] of calls.entries()) {
    await callerHangsUp(request, call);
    await expect(rows(active)).toHaveCount(MORE_CALLS - i - 1);
  }
  await expect(page.getByText('No active sessions found')).toBeVisible();

  const total = MORE_CALLS + 1;
  const range = ended.getByText(/^\d+–\d+ of \d+$/);
  const newestFirst = Array.from({ length: MORE_CALLS }, (_, k) => moreCallerShown(MORE_CALLS - k)).concat(
    CALLER_SHOWN,
  );
  const next = ended.getByRole('button', { name: 'Next page' });
  const previous = ended.getByRole('button', { name: 'Previous page' });

  // Default: 10 a page, newest first.
  await expect(range).toHaveText(`1–10 of ${total}`);
  await expect(ended.getByRole('combobox', { name: 'Rows per page' })).toHaveText('10');
  await expect.poll(() => fromNumbers(ended)).toEqual(newestFirst.slice(0, 10));
  await expect(previous).toBeDisabled();
  await shootBoth(page, 'sessions', 'ended');
  await next.click();
  await expect(range).toHaveText(`11–${total} of ${total}`);
  await expect.poll(() => fromNumbers(ended)).toEqual(newestFirst.slice(10));
  await expect(next).toBeDisabled();
  await previous.click();
  await expect(range).toHaveText(`1–10 of ${total}`);

  // 5 a page: three pages.
  await choose(page, 'Rows per page', '5');
  await expect(range).toHaveText(`1–5 of ${total}`);
  await expect.poll(() => fromNumbers(ended)).toEqual(newestFirst.slice(0, 5));
  await next.click();
  await expect.poll(() => fromNumbers(ended)).toEqual(newestFirst.slice(5, 10));
  await next.click();
  await expect(range).toHaveText(`11–${total} of ${total}`);
  await expect.poll(() => fromNumbers(ended)).toEqual(newestFirst.slice(10));
  await expect(next).toBeDisabled();

  // 25 and 50: everything on one page, starting again from the first.
  for (const size of ['25', '50']) {
    await choose(page, 'Rows per page', size);
    await expect(range).toHaveText(`1–${total} of ${total}`);
    await expect.poll(() => fromNumbers(ended)).toEqual(newestFirst);
    await expect(next).toBeDisabled();
  }

  // The sort toggle: oldest first, from the first page.
  await choose(page, 'Rows per page', '5');
  await next.click();
  await expect(range).toHaveText(`6–10 of ${total}`);
  await ended.getByRole('button', { name: 'Newest first' }).click();
  await expect(ended.getByRole('button', { name: 'Oldest first' })).toBeVisible();
  await expect(range).toHaveText(`1–5 of ${total}`);
  const oldestFirst = [...newestFirst].reverse();
  await expect.poll(() => fromNumbers(ended)).toEqual(oldestFirst.slice(0, 5));
  await next.click();
  await expect.poll(() => fromNumbers(ended)).toEqual(oldestFirst.slice(5, 10));

  // Sort, page size and page are in the address: they are still there after a session and back (issue 18).
  await expect(page).toHaveURL(/\/sessions\?endedSort=asc&endedSize=5&endedPage=2$/);
  await rows(ended).first().locator('td[data-label="To"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Session Details' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to sessions' }).click();
  await expect(range).toHaveText(`6–10 of ${total}`);
  await expect(ended.getByRole('button', { name: 'Oldest first' })).toBeVisible();
  await expect(ended.getByRole('combobox', { name: 'Rows per page' })).toHaveText('5');
  await expect.poll(() => fromNumbers(ended)).toEqual(oldestFirst.slice(5, 10));
  // And with the browser's Back.
  await rows(ended).first().locator('td[data-label="To"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Session Details' })).toBeVisible();
  await page.goBack();
  await expect(range).toHaveText(`6–10 of ${total}`);
  await expect.poll(() => fromNumbers(ended)).toEqual(oldestFirst.slice(5, 10));

  await ended.getByRole('button', { name: 'Oldest first' }).click();
  await expect.poll(() => fromNumbers(ended)).toEqual(newestFirst.slice(0, 5));
  await shootBoth(page, 'sessions', 'ended-5');
});

test('an outbound call rings on Sessions from "Call initiated" on, its toast opens it, and it runs in the same row once answered', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signInWide(page, member);
  await scriptRealtime(request, {
    responses: [{ text: 'Hello, this is the bakery calling.', audioMs: 200 }],
    userTranscripts: [],
    speedup: 4,
  });
  const callAgent = async (number: string) => {
    await page.goto('/agents');
    await page.getByRole('link', { name: AGENT, exact: true }).click();
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Call with ${AGENT}` });
    await dialog.getByLabel('Phone number to call').fill(number);
    await dialog.getByRole('button', { name: 'Call', exact: true }).click();
    return toast(page, `Call initiated to ${number}`);
  };

  // The toast leads to the call's session, ringing before anyone picks up.
  const initiated = await callAgent(CALLEE);
  await initiated.getByRole('link', { name: 'View session' }).click();
  await expect(page).toHaveURL(/\/sessions\/CA[0-9a-f]{32}$/);
  const callSid = page.url().split('/').pop()!;
  await expect(page.getByText('Active Session', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').getByText('Ringing', { exact: true })).toBeVisible();
  await shootBoth(page, 'session', 'ringing');

  await page.getByRole('link', { name: 'Back to sessions' }).click();
  const row = rows(activeRegion(page)).filter({ hasText: CALLEE });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td[data-label="Call Type"]')).toHaveText('outbound');
  await expect(row.locator('td[data-label="From"]')).toHaveText(NUMBER_SHOWN);
  await expect(row.locator('td[data-label="Duration"]')).toHaveText('Ringing');
  await shootBoth(page, 'sessions', 'ringing');

  // Answered: the same row, now the stream's session, its duration ticking.
  const answered = await answerCall(request, callSid);
  await expect(row.locator('td[data-label="Duration"]')).toHaveText(/^\d+s$/);
  await expect(row).toHaveAttribute('data-stream-sid', answered.streamSid);
  await expect(rows(activeRegion(page))).toHaveCount(1);
  await callerHangsUp(request, answered);
  await expect(page.getByText('No active sessions found')).toBeVisible();
  await expect(rows(endedRegion(page)).first()).toHaveAttribute('data-stream-sid', answered.streamSid);

  // Nobody answers the next one: Twilio says so, and it leaves the Active table.
  await dismissToasts(page);
  await callAgent(CALLEE);
  await page.getByRole('link', { name: 'Sessions', exact: true }).click();
  const unanswered = rows(activeRegion(page)).filter({ hasText: CALLEE });
  await expect(unanswered.locator('td[data-label="Duration"]')).toHaveText('Ringing');
  const unansweredSid = (await unanswered.getAttribute('data-stream-sid'))!;
  await callEndsAtTwilio(request, unansweredSid, 'no-answer');
  await expect(page.getByText('No active sessions found')).toBeVisible();
  await expect(rows(endedRegion(page)).first()).toHaveAttribute('data-stream-sid', unansweredSid);
});

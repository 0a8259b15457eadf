/**
 * Phone calls in end-to-end stories, through the controls of the fakes Playwright starts beside
 * the server (tests/fixtures/fakeTwilioServer.ts and fakeOpenAIServer.ts): ring a number, let the
 * caller speak or hang up, read what the fake Twilio saw, and script what the Realtime "model"
 * says on the calls that connect next.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  E2E_REALTIME_BEHAVIOUR,
  FAKE_REALTIME_BEHAVIOUR_PATH,
  FAKE_REALTIME_STATE_PATH,
  type FakeRealtimeState,
} from '../fixtures/fakeOpenAIServer.js';
import type { FakeRealtimeBehaviour } from '../fixtures/fakeRealtimeBehaviour.js';
import { FAKE_STATE_PATH, type FakeTwilioAudio, type FakeTwilioState } from '../fixtures/fakeTwilioServer.js';
import { E2E_OPENAI_PORT, E2E_TWILIO_PORT } from './e2eEnv.js';

const TWILIO = `http://127.0.0.1:${E2E_TWILIO_PORT}`;
const OPENAI = `http://127.0.0.1:${E2E_OPENAI_PORT}`;

export interface E2eCall {
  callSid: string;
  streamSid: string;
}

async function post<T>(request: APIRequestContext, url: string, data: unknown = {}): Promise<T> {
  const answer = await request.post(url, { data });
  expect(answer.ok(), `${url} answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** Twilio rings `to` from `from`: the signed webhook, then the signed Media Stream its TwiML asks for. */
export function ringNumber(request: APIRequestContext, call: { to: string; from: string }): Promise<E2eCall> {
  return post<E2eCall>(request, `${TWILIO}/__fake/calls/incoming`, call);
}

/** The caller says something for `ms` (a tone the fake Realtime VAD hears as speech). */
export async function callerSays(request: APIRequestContext, call: E2eCall, ms = 600): Promise<void> {
  await post(request, `${TWILIO}/__fake/calls/${call.callSid}/say`, { ms });
}

export async function callerHangsUp(request: APIRequestContext, call: E2eCall): Promise<void> {
  await post(request, `${TWILIO}/__fake/calls/${call.callSid}/hangup`);
}

/** The callee picks up an outbound call the console placed: its TwiML's Media Stream opens. */
export function answerCall(request: APIRequestContext, callSid: string): Promise<E2eCall> {
  return post<E2eCall>(request, `${TWILIO}/__fake/calls/${callSid}/answer`);
}

/** An outbound call ends at Twilio before it was answered; Twilio reports it to the server. */
export async function callEndsAtTwilio(
  request: APIRequestContext,
  callSid: string,
  status: 'no-answer' | 'busy' | 'failed',
): Promise<void> {
  await post(request, `${TWILIO}/__fake/calls/${callSid}/status`, { status });
}

export async function fakeTwilioState(request: APIRequestContext): Promise<FakeTwilioState> {
  const answer = await request.get(`${TWILIO}${FAKE_STATE_PATH}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as FakeTwilioState;
}

/** What the server sent the caller on `call`'s stream so far, μ-law, and the offset of each `clear` in it. */
export async function audioSentToCaller(
  request: APIRequestContext,
  call: E2eCall,
): Promise<{ audio: Buffer; clearedAt: number[] }> {
  const answer = await request.get(`${TWILIO}/__fake/calls/${call.callSid}/audio`);
  expect(answer.ok()).toBe(true);
  const { audio, clearedAt } = (await answer.json()) as FakeTwilioAudio;
  return { audio: Buffer.from(audio, 'base64'), clearedAt };
}

/** Milliseconds of the agent's audio the caller has heard so far on `call`. */
export async function playedMs(request: APIRequestContext, call: E2eCall): Promise<number> {
  const state = await fakeTwilioState(request);
  return state.streams.find((s) => s.callSid === call.callSid)?.playedMs ?? 0;
}

/** What the Realtime fake does on the calls that connect from now on (each takes its own copy). */
export async function scriptRealtime(
  request: APIRequestContext,
  behaviour: Partial<FakeRealtimeBehaviour>,
): Promise<void> {
  await post(request, `${OPENAI}${FAKE_REALTIME_BEHAVIOUR_PATH}`, behaviour);
}

/** After the calling file's stories, later stories (and reruns) get the fake's usual Realtime script back. */
export function restoreRealtimeScriptAfterAll(): void {
  test.afterAll(async ({ request }) => {
    await scriptRealtime(request, E2E_REALTIME_BEHAVIOUR);
  });
}

/** What the Realtime fake saw: each connection's instructions, client events and caller audio. */
export async function fakeRealtimeState(request: APIRequestContext): Promise<FakeRealtimeState> {
  const answer = await request.get(`${OPENAI}${FAKE_REALTIME_STATE_PATH}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as FakeRealtimeState;
}

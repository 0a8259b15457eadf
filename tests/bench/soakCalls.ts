/**
 * Phone calls in the soak: a caller rings an operator's number the way Twilio does (signed
 * webhook, then the signed Media Stream), speaks, hears the agent (fake Realtime: VAD, caller
 * transcript, a spoken answer), speaks again, hears it again and hangs up; then the next call.
 * A call an operator ends from the console (End Session) is counted as such, not as a failure.
 */
import type { FakeRealtime } from '../fixtures/fakeRealtime.js';
import type { FakeTwilio } from '../fixtures/fakeTwilio.js';
import type { FakeTwilioCall } from '../fixtures/fakeTwilioCall.js';
import { ringSwitchboard } from '../fixtures/ringSwitchboard.js';
import { toneMulaw } from '../helpers/audioSignals.js';
import type { Operator, SoakContext } from './soakSetup.js';

const ANSWER_TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PlacedCall {
  streamSid: string;
  operator: Operator;
  /** Ended by the operator from the console before the caller hung up. */
  endedFromConsole: boolean;
  /** Turns in which the caller heard the agent answer. */
  answers: number;
}

export interface CallLine {
  publicUrl: string;
  twilio: FakeTwilio;
  realtime: FakeRealtime;
  operators: Operator[];
  placed: PlacedCall[];
}

const mediaCount = (call: FakeTwilioCall) => call.received.filter((m) => m.event === 'media').length;

/** Says something and waits for the agent's audio; false when the call closed meanwhile. */
async function exchange(ctx: SoakContext, call: FakeTwilioCall, turn: string): Promise<boolean> {
  const before = mediaCount(call);
  const started = performance.now();
  call.say(toneMulaw(300, 600));
  while (mediaCount(call) === before) {
    if (!call.isOpen) return false;
    if (performance.now() - started > ANSWER_TIMEOUT_MS) {
      ctx.tally.fail(`call ${turn}`, `no answer within ${ANSWER_TIMEOUT_MS} ms (stream ${call.streamSid})`);
      return false;
    }
    await sleep(20);
  }
  ctx.tally.done(`call ${turn} (speech end to agent audio)`, performance.now() - started);
  return true;
}

/** One caller, call after call, until the soak ends. */
export async function runCaller(ctx: SoakContext, line: CallLine, caller: number): Promise<void> {
  for (let n = caller; ctx.running(); n += line.operators.length) {
    const operator = line.operators[n % line.operators.length]!;
    const started = performance.now();
    let call: FakeTwilioCall;
    try {
      call = await ringSwitchboard({ serverUrl: ctx.url, publicUrl: line.publicUrl }, line.twilio, {
        to: operator.number,
        from: `+1415555${String(2000 + caller)}`,
      });
    } catch (error) {
      ctx.tally.fail('call ring', error instanceof Error ? error.message : String(error));
      await sleep(2000);
      continue;
    }
    const placed: PlacedCall = { streamSid: call.streamSid, operator, endedFromConsole: false, answers: 0 };
    line.placed.push(placed);
    let heard = await exchange(ctx, call, 'first answer');
    if (heard) {
      placed.answers += 1;
      await sleep(1000);
      heard = await exchange(ctx, call, 'second answer');
      if (heard) placed.answers += 1;
    }
    if (call.isOpen) {
      if (heard) await sleep(500);
      call.hangUp();
    } else if (ctx.endedCalls.has(call.streamSid)) {
      placed.endedFromConsole = true;
    } else {
      ctx.tally.fail('call', `the server closed the stream ${call.streamSid} before the caller hung up`);
    }
    await call.closed;
    ctx.tally.done(placed.endedFromConsole ? 'call ended from the console' : 'call', performance.now() - started);
    // The fake keeps each session's events for tests; a soak drops the finished ones.
    for (let i = line.realtime.sessions.length - 1; i >= 0; i--)
      if (!line.realtime.sessions[i]!.isOpen) line.realtime.sessions.splice(i, 1);
    await sleep(1000 + Math.random() * 2000);
  }
}

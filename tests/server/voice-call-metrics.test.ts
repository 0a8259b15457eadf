/**
 * Review figures of a call (issue 21 part A), from the fakes' scripted timings: each agent line's
 * latency (caller's end of speech → first agent audio the caller's leg got) is at least the time
 * the fake Realtime waited before its first audio; an interruption is counted when the caller
 * talks over audio still playing; a tool call's duration is at least its handler's wait; tokens
 * are the sum of the fake's `response.done` usage, and the cost is that usage at the seeded
 * prices plus, for a phone call, its minutes at the telephony rate. The same holds for a
 * browser (Talk) call, which has no telephony. Another user reads none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallSession, SessionMessage, TokenUsage } from '../../shared/types/session.js';
import type { FakeRealtimeSession } from '../fixtures/fakeRealtimeSession.js';
import { toneMulaw } from '../helpers/audioSignals.js';
import { type CountingServer, startCountingServer } from '../helpers/sandboxTargets.js';
import { talkCall } from '../helpers/talkHarness.js';
import { startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

/**
 * A timer may fire up to a millisecond before its delay on the monotonic clock (Node rounds), and
 * the stored figures are whole milliseconds: a scripted 400 ms tool wait can measure 399.
 */
const TIMER_SLACK_MS = 2;
/**
 * A turn's latency starts when the server reads speech_stopped and the fake's wait when it sends
 * it: a server busy at that moment (a loaded run, writing the caller's line) reads it later and
 * measures less than the wait by that delay — 10 ms was seen on a full run.
 */
const RECEIPT_SLACK_MS = 40;

let h: VoiceHarness;
/** A service the tool calls, which answers 400 ms after it is asked. */
let slow: CountingServer;
beforeAll(async () => {
  slow = await startCountingServer((_req, res) => setTimeout(() => res.end('{"hours":"10-16"}'), 400));
  h = await startVoiceHarness({
    config: {
      telephonyRates: { inboundUsdPerMinute: 0.01, outboundUsdPerMinute: 0.02 },
      outboundAllow: [slow.hostPort],
    },
  });
});
afterAll(async () => {
  await h.close();
  await slow.close();
});

type Json = Record<string, unknown>;

/** gpt-realtime-2.1-mini (the default agent's model), USD per 1M tokens, as migration 016 seeds it. */
const MINI = { textIn: 0.6, textCached: 0.06, textOut: 2.4, audioIn: 10, audioCached: 0.3, audioOut: 20 };

/** What the fake reported in every response.done, summed by kind. */
function reportedUsage(realtime: FakeRealtimeSession): TokenUsage {
  const sum: TokenUsage = { inputText: 0, inputAudio: 0, cachedText: 0, cachedAudio: 0, outputText: 0, outputAudio: 0 };
  for (const event of realtime.sent.filter((e) => e.type === 'response.done')) {
    const usage = (event.response as Json).usage as Json;
    const input = usage.input_token_details as Json;
    const cached = input.cached_tokens_details as Json;
    const output = usage.output_token_details as Json;
    sum.inputText += Number(input.text_tokens);
    sum.inputAudio += Number(input.audio_tokens);
    sum.cachedText += Number(cached.text_tokens);
    sum.cachedAudio += Number(cached.audio_tokens);
    sum.outputText += Number(output.text_tokens);
    sum.outputAudio += Number(output.audio_tokens);
  }
  return sum;
}

function costAtMini(u: TokenUsage): number {
  return (
    ((u.inputText - u.cachedText) * MINI.textIn +
      u.cachedText * MINI.textCached +
      (u.inputAudio - u.cachedAudio) * MINI.audioIn +
      u.cachedAudio * MINI.audioCached +
      u.outputText * MINI.textOut +
      u.outputAudio * MINI.audioOut) /
    1_000_000
  );
}

async function session(o: VoiceOwner, streamSid: string): Promise<CallSession> {
  return (await o.call('GET', `/api/sessions/active-sessions/${streamSid}`)).json<CallSession>();
}

async function messages(o: VoiceOwner, streamSid: string): Promise<SessionMessage[]> {
  return (await o.call('GET', `/api/sessions/messages/${streamSid}`)).json<SessionMessage[]>();
}

const responsesDone = (realtime: FakeRealtimeSession) => realtime.sent.filter((e) => e.type === 'response.done').length;

describe('a phone call', () => {
  it('stores each turn’s latency, the interruptions, the usage and the cost, readable by its owner only', async () => {
    const o = await h.owner({ agent: { speakFirst: false } });
    const other = await h.owner();
    h.realtime.setBehaviour({
      responses: [
        { text: 'Quick answer.', audioMs: 400, firstAudioDelayMs: 200 },
        { text: 'This one took the model a long time to think about.', audioMs: 4000, firstAudioDelayMs: 1200 },
        { text: 'Sure.', audioMs: 300 },
      ],
    });
    const call = await h.incomingCall(o).finally(() => h.realtime.setBehaviour({ responses: [] }));
    // Turn 1, then turn 2 (talked over while its audio plays), then the reply to the interruption.
    call.twilio.say(toneMulaw(400, 400));
    await waitUntil(() => responsesDone(call.realtime) === 1);
    // Heard to the end before the caller speaks again: not an interruption.
    await waitUntil(() => call.twilio.playedMs >= 400);
    call.twilio.say(toneMulaw(400, 400));
    await waitUntil(() => call.twilio.playedMs > 400 + 600, 10_000);
    call.twilio.say(toneMulaw(400, 300));
    await waitUntil(() => responsesDone(call.realtime) === 3, 10_000);
    await waitUntil(() => call.twilio.clears.length === 1);
    // The bridge saves the figures after each response.done it reads: the last one may still be on
    // its way when the fake has sent it, so the caller hangs up once all three are in.
    const reported = reportedUsage(call.realtime);
    await waitUntil(async () => {
      const saved = (await session(o, call.streamSid)).figures?.tokens;
      return !!saved && (Object.keys(reported) as (keyof TokenUsage)[]).every((kind) => saved[kind] === reported[kind]);
    }, 10_000);
    // A minute and a second on the wall clock (the latencies run on a monotonic one): 2 billed minutes.
    h.t.clock.advance(61_000);
    call.twilio.hangUp();
    await waitUntil(() => h.t.app.calls.size === 0);

    const lines = (await messages(o, call.streamSid)).filter((m) => m.type === 'assistant');
    expect(lines.map((m) => m.message)).toEqual(['Quick answer.', expect.stringContaining('This one'), 'Sure.']);
    const [first, second, third] = lines.map((m) => m.latencyMs);
    // Each is at least what the fake waited before its first audio; the quick one is below the slow one's wait.
    expect(first).toBeGreaterThanOrEqual(200 - RECEIPT_SLACK_MS);
    expect(first).toBeLessThan(1200);
    expect(second).toBeGreaterThanOrEqual(1200 - RECEIPT_SLACK_MS);
    expect(third).toBeGreaterThanOrEqual(0);

    const stored = await session(o, call.streamSid);
    const sorted = [first!, second!, third!].sort((a, b) => a - b);
    const usage = reportedUsage(call.realtime);
    expect(usage.outputAudio).toBeGreaterThan(0);
    expect(usage.cachedText).toBeGreaterThan(0);
    expect(stored.figures).toMatchObject({
      model: 'gpt-realtime-2.1-mini',
      tokens: usage,
      interruptions: 1,
      latencyTurns: 3,
      latencyP50Ms: sorted[1],
      latencyP95Ms: sorted[2],
    });
    expect(stored.duration).toBeGreaterThanOrEqual(61);
    const minutes = Math.ceil(Number(stored.duration) / 60);
    expect(stored.figures?.cost.modelUsd).toBeCloseTo(costAtMini(usage), 10);
    expect(stored.figures?.cost.telephonyUsd).toBeCloseTo(minutes * 0.01, 10);
    expect(stored.figures?.cost.totalUsd).toBeCloseTo(costAtMini(usage) + minutes * 0.01, 10);

    // The history export carries the same figures: CSV columns per call, latency per JSON line.
    const csv = (await o.call('GET', '/api/history/calls/export?format=csv')).body;
    const u = usage;
    expect(csv).toContain(
      `,gpt-realtime-2.1-mini,${u.inputText},${u.inputAudio},${u.cachedText},${u.cachedAudio},${u.outputText},${u.outputAudio},1,${sorted[1]},${sorted[2]},${stored.figures?.cost.modelUsd},${stored.figures?.cost.telephonyUsd},${stored.figures?.cost.totalUsd},,,,\r\n`,
    );
    const jsonl = (await o.call('GET', '/api/history/calls/export?format=jsonl')).body.trim().split('\n');
    const quick = jsonl.map((l) => JSON.parse(l) as Json).find((l) => l.text === 'Quick answer.');
    expect(quick).toMatchObject({ speaker: 'agent', latency_ms: first });

    const theirs = await other.call('GET', `/api/sessions/active-sessions/${call.streamSid}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('latency');
    expect((await other.call('GET', `/api/sessions/messages/${call.streamSid}`)).statusCode).toBe(404);
  });

  it('stores each tool call’s duration, at least the wait of the service its handler calls', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    const tool = await o.call('POST', '/api/tools', {
      name: 'slow_lookup',
      description: 'Looks something up slowly',
      type: 'object',
      parameters: { type: 'object', properties: { what: { type: 'string' } }, required: ['what'] },
      handler_code: `async function handler(args) { const res = await fetch('${slow.url}/hours'); return { what: args.what, found: await res.text() }; }`,
    });
    await o.call('PATCH', `/api/agents/${o.agent.id}`, { tools: [tool.json<{ id: string }>().id] });
    h.realtime.setBehaviour({
      responses: [
        { text: 'Let me look.', functionCalls: [{ name: 'slow_lookup', arguments: '{"what":"hours"}' }] },
        { text: 'Found it.' },
      ],
    });
    const call = await h.incomingCall(o).finally(() => h.realtime.setBehaviour({ responses: [] }));
    await waitUntil(() => responsesDone(call.realtime) === 2, 10_000);
    call.twilio.hangUp();
    await waitUntil(() => h.t.app.calls.size === 0);
    const rows = await messages(o, call.streamSid);
    const lookup = rows.find((m) => m.type === 'function')!;
    expect(lookup.message).toBe('slow_lookup');
    expect(lookup.durationMs).toBeGreaterThanOrEqual(400 - TIMER_SLACK_MS);
    // The greeting answered no caller speech: it is not a turn, and has no latency.
    expect(rows.filter((m) => m.type === 'assistant').map((m) => m.latencyMs)).toEqual([null, null]);
    expect((await session(o, call.streamSid)).figures).toMatchObject({ latencyTurns: 0, latencyP50Ms: null });
  });
});

describe('a browser (Talk) call', () => {
  it('is measured the same way, with no telephony cost', async () => {
    const o = await h.owner();
    h.realtime.setBehaviour({ responses: [{ text: 'Hello from the browser.', audioMs: 400, firstAudioDelayMs: 300 }] });
    const call = await talkCall(h, o).finally(() => h.realtime.setBehaviour({ responses: [] }));
    call.browser.say(toneMulaw(300, 400));
    await waitUntil(() => responsesDone(call.realtime) === 1);
    await waitUntil(async () => (await messages(o, call.sessionId)).some((m) => m.type === 'assistant'));
    call.browser.hangUp();
    await call.browser.closed;
    await waitUntil(() => h.t.app.calls.size === 0);
    const line = (await messages(o, call.sessionId)).find((m) => m.type === 'assistant')!;
    expect(line.latencyMs).toBeGreaterThanOrEqual(300 - RECEIPT_SLACK_MS);
    const stored = await session(o, call.sessionId);
    const usage = reportedUsage(call.realtime);
    expect(stored.figures).toMatchObject({ tokens: usage, interruptions: 0, latencyTurns: 1 });
    expect(stored.figures?.cost.telephonyUsd).toBe(0);
    expect(stored.figures?.cost.modelUsd).toBeCloseTo(costAtMini(usage), 10);
  });
});

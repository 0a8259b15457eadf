/**
 * The relay measurement of the voice benches (voice.bench.ts, talk.bench.ts): numbered 20 ms
 * frames streamed both ways through calls bridged by the server in voiceBenchServer.ts, timed from
 * the bench's send to the other fake's receipt. Caller frames carry a sequence number in their
 * bytes (μ-law passes through untouched, so a payload identifies its frame at the other end), and
 * so do the API's audio deltas. The fakes' VAD must be off so no response interrupts the stream.
 *
 * The figures are frame in → frame out as the bench sees them: two loopback hops and the bench's
 * own event loop (every fake call and fake session) are inside them, so they bound the bridge's
 * added latency from above.
 */
import type { ChildProcess } from 'node:child_process';
import type { FakeRealtimeSession } from '../fixtures/fakeRealtimeSession.js';
import type { FakeTalkBrowser } from '../fixtures/fakeTalkBrowser.js';
import { type FakeTwilioCall, FRAME_BYTES, FRAME_MS } from '../fixtures/fakeTwilioCall.js';
import type { BenchServerStats } from './voiceBenchServer.js';

/** One caller's side of a call, whatever carries it (Twilio's Media Stream, the Talk socket). */
export interface BenchLeg {
  say: (audio: Buffer) => void;
  onFrameSent: (probe: (payload: string) => void) => void;
  onAudio: (probe: (payload: string) => void) => void;
  hangUp: () => void;
}

export interface Relay {
  /** Caller → Realtime API, ms per frame. */
  inbound: number[];
  /** Realtime API → caller, ms per frame. */
  outbound: number[];
  /** Frames sent both ways in the window. */
  frames: number;
  /** The server's CPU time (user and system) in the window. */
  cpuMs: number;
  cpuMsPerFrame: number;
  /** The window's length as measured, and the server's figures at its ends. */
  elapsedMs: number;
  before: BenchServerStats;
  after: BenchServerStats;
}

/** A 20 ms μ-law frame whose first bytes spell `n` (the rest near-silent). */
function numberedFrame(n: number): Buffer {
  const frame = Buffer.alloc(FRAME_BYTES, 0xff);
  frame.writeUInt32BE(n, 0);
  return frame;
}

/** Asks the bench server for its figures ('stats' also resets its event-loop lag histogram). */
export function askBenchServer(child: ChildProcess, message: string): Promise<BenchServerStats> {
  return new Promise((resolve) => {
    child.once('message', (reply) => resolve(reply as BenchServerStats));
    child.send(message);
  });
}

export function twilioLeg(call: FakeTwilioCall): BenchLeg {
  return {
    say: (audio) => call.say(audio),
    onFrameSent: (probe) => {
      call.onFrameSent = probe;
    },
    onAudio: (probe) => {
      call.onMessage = (message) => {
        if (message.event === 'media') probe(String((message.media as { payload: string }).payload));
      };
    },
    hangUp: () => call.hangUp(),
  };
}

export function browserLeg(browser: FakeTalkBrowser): BenchLeg {
  return {
    say: (audio) => browser.say(audio),
    onFrameSent: (probe) => {
      browser.onFrameSent = (frame) => probe(frame.toString('base64'));
    },
    onAudio: (probe) => {
      browser.onAudio = (frame) => probe(frame.toString('base64'));
    },
    hangUp: () => browser.hangUp(),
  };
}

let seq = 0;

/**
 * Streams numbered frames both ways through `legs` and their `sessions` (one each, same order):
 * `settleMs` to get going, whose samples are dropped, then `measureMs` measured.
 */
export async function measureRelay(
  child: ChildProcess,
  legs: BenchLeg[],
  sessions: FakeRealtimeSession[],
  { measureMs, settleMs }: { measureMs: number; settleMs: number },
): Promise<Relay> {
  const sentIn = new Map<string, number>();
  const sentOut = new Map<string, number>();
  const inbound: number[] = [];
  const outbound: number[] = [];
  const timers: NodeJS.Timeout[] = [];
  let framesSent = 0;
  legs.forEach((leg, i) => {
    const frames = Math.ceil((settleMs + measureMs) / FRAME_MS) + 100;
    leg.say(Buffer.concat(Array.from({ length: frames }, () => numberedFrame(++seq))));
    leg.onFrameSent((payload) => {
      framesSent += 1;
      sentIn.set(payload, performance.now());
    });
    leg.onAudio((payload) => {
      const at = sentOut.get(payload);
      if (at === undefined) return;
      // Forgotten once seen: 93,000 kept base64 strings made the bench's own GC a part of the figures.
      sentOut.delete(payload);
      outbound.push(performance.now() - at);
    });
    const session = sessions[i]!;
    session.onAppend = (audio) => {
      const at = sentIn.get(audio);
      if (at === undefined) return;
      sentIn.delete(audio);
      inbound.push(performance.now() - at);
    };
    // The API side: one 20 ms audio delta every 20 ms, as if the model talked all the time.
    // Each session starts at its own point of the 20 ms period, as independent calls do: one
    // timer for all would send every call's delta in the same instant, a burst no real traffic
    // makes, and the last of each burst would measure the others ahead of it.
    const talk = () => {
      const payload = numberedFrame(++seq).toString('base64');
      framesSent += 1;
      sentOut.set(payload, performance.now());
      session.send({
        type: 'response.output_audio.delta',
        response_id: `resp_bench_${i}`,
        item_id: `item_bench_${i}`,
        output_index: 0,
        content_index: 0,
        delta: payload,
      });
    };
    timers.push(setTimeout(() => timers.push(setInterval(talk, FRAME_MS)), (i * FRAME_MS) / legs.length));
  });
  try {
    await new Promise((r) => setTimeout(r, settleMs));
    const before = await askBenchServer(child, 'stats');
    const started = performance.now();
    const sentBefore = framesSent;
    inbound.length = 0;
    outbound.length = 0;
    await new Promise((r) => setTimeout(r, measureMs));
    const after = await askBenchServer(child, 'stats');
    const elapsedMs = performance.now() - started;
    const frames = framesSent - sentBefore;
    const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
    return { inbound, outbound, frames, cpuMs, cpuMsPerFrame: cpuMs / frames, elapsedMs, before, after };
  } finally {
    for (const timer of timers) clearInterval(timer);
  }
}

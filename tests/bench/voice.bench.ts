/**
 * 100 simultaneous phone calls through the bridge, 20 ms frames both ways (issue 10): the time a
 * frame takes from the fake Twilio to the fake Realtime API and back the other way, the server's
 * event-loop lag, and its CPU and memory per call. The server runs in its own process
 * (voiceBenchServer.ts); the fakes run here. Caller frames carry a sequence number in their bytes
 * (μ-law passes through untouched, so the payload identifies the frame at the other end), and so
 * do the API's audio deltas. The fakes' VAD is off so no response interrupts the stream.
 *
 * The relay figures are frame in → frame out as the bench sees them: two loopback hops and the
 * bench's own event loop (100 fake calls and 100 fake sessions) are inside them, so they bound
 * the bridge's added latency from above.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startFakeRealtime } from '../fixtures/fakeRealtime.js';
import type { FakeRealtimeSession } from '../fixtures/fakeRealtimeSession.js';
import { startFakeTwilio } from '../fixtures/fakeTwilio.js';
import { type FakeTwilioCall, FRAME_BYTES, FRAME_MS } from '../fixtures/fakeTwilioCall.js';
import { ringSwitchboard } from '../fixtures/ringSwitchboard.js';
import { type Bench, type BenchRow, machineLoadRow, percentile, round } from './harness.js';
import type { BenchServerInput, BenchServerStats } from './voiceBenchServer.js';

const CALLS = 100;
const MEASURE_MS = 10_000;
const PUBLIC_URL = 'https://voice-bench.example.com';
const KEY = 'sk-bench-voice';

/** A 20 ms μ-law frame whose first bytes spell `n` (the rest near-silent). */
function numberedFrame(n: number): Buffer {
  const frame = Buffer.alloc(FRAME_BYTES, 0xff);
  frame.writeUInt32BE(n, 0);
  return frame;
}

function ask(child: ChildProcess, message: string): Promise<BenchServerStats> {
  return new Promise((resolve) => {
    child.once('message', (reply) => resolve(reply as BenchServerStats));
    child.send(message);
  });
}

export const bench: Bench = {
  name: 'voice',
  description: `${CALLS} concurrent calls, 20 ms frames both ways for ${MEASURE_MS / 1000} s: relay latency, event-loop lag, CPU and memory per call`,
  run: async () => {
    const realtime = await startFakeRealtime({ behaviour: { speechLevel: Number.POSITIVE_INFINITY } });
    const rest = await startFakeTwilio();
    const input: BenchServerInput = {
      openaiBaseUrl: realtime.baseUrl,
      twilioApiBaseUrl: rest.baseUrl,
      publicUrl: PUBLIC_URL,
      accountSid: rest.accountSid,
      authToken: rest.authToken,
      openaiKey: KEY,
      calls: CALLS,
    };
    const child = fork(fileURLToPath(new URL('./voiceBenchServer.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, VOICE_BENCH_INPUT: JSON.stringify(input), LOG_LEVEL: 'silent' },
    });
    const calls: FakeTwilioCall[] = [];
    const timers: NodeJS.Timeout[] = [];
    try {
      const ready = await new Promise<{ url: string; numbers: string[] }>((resolve) =>
        child.once('message', (m) => resolve(m as { url: string; numbers: string[] })),
      );
      const idle = await ask(child, 'stats');
      const sessions: FakeRealtimeSession[] = [];
      for (const number of ready.numbers) {
        calls.push(
          await ringSwitchboard({ serverUrl: ready.url, publicUrl: PUBLIC_URL }, rest, {
            to: number,
            from: '+14155550100',
          }),
        );
        sessions.push(await realtime.nextSession());
      }
      await Promise.all(sessions.map((s) => s.waitFor('session.update')));
      await new Promise((r) => setTimeout(r, 1000));

      const sentIn = new Map<string, number>();
      const sentOut = new Map<string, number>();
      const inbound: number[] = [];
      const outbound: number[] = [];
      let seq = 0;
      let framesSent = 0;
      calls.forEach((call, i) => {
        call.say(Buffer.concat(Array.from({ length: MEASURE_MS / FRAME_MS + 50 }, () => numberedFrame(++seq))));
        call.onFrameSent = (payload) => {
          framesSent += 1;
          sentIn.set(payload, performance.now());
        };
        call.onMessage = (message) => {
          if (message.event !== 'media') return;
          const payload = String((message.media as { payload: string }).payload);
          const at = sentOut.get(payload);
          if (at === undefined) return;
          // Forgotten once seen: 93,000 kept base64 strings made the bench's own GC a part of the figures.
          sentOut.delete(payload);
          outbound.push(performance.now() - at);
        };
        const session = sessions[i]!;
        session.onAppend = (audio) => {
          const at = sentIn.get(audio);
          if (at === undefined) return;
          sentIn.delete(audio);
          inbound.push(performance.now() - at);
        };
        // The API side: one 20 ms audio delta every 20 ms, as if the model talked all the time.
        // Each session starts at its own point of the 20 ms period, as independent calls do: one
        // timer for all 100 would send every call's delta in the same instant, a burst no real
        // traffic makes, and the last of each burst would measure the other 99 ahead of it.
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
        timers.push(setTimeout(() => timers.push(setInterval(talk, FRAME_MS)), (i * FRAME_MS) / CALLS));
      });
      const before = await ask(child, 'stats');
      const started = performance.now();
      const sentBefore = framesSent;
      await new Promise((r) => setTimeout(r, MEASURE_MS));
      const after = await ask(child, 'stats');
      const elapsedMs = performance.now() - started;
      const frames = framesSent - sentBefore;
      const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
      const rows: BenchRow[] = [
        { metric: 'calls bridged', value: after.calls, unit: 'calls', note: `${CALLS} rung, all streaming both ways` },
        machineLoadRow(': above that, every figure below includes waiting for a core'),
        {
          metric: 'relay Twilio → Realtime p50',
          value: round(percentile(inbound, 50)),
          unit: 'ms',
          note: `${inbound.length} frames, bench process clock`,
        },
        {
          metric: 'relay Twilio → Realtime p99',
          value: round(percentile(inbound, 99)),
          unit: 'ms',
          note: 'budget p99 ≤ 5 ms',
        },
        {
          metric: 'relay Realtime → Twilio p50',
          value: round(percentile(outbound, 50)),
          unit: 'ms',
          note: `${outbound.length} frames`,
        },
        {
          metric: 'relay Realtime → Twilio p99',
          value: round(percentile(outbound, 99)),
          unit: 'ms',
          note: 'budget p99 ≤ 5 ms',
        },
        {
          metric: 'server event-loop lag p99',
          value: round(after.lag.p99),
          unit: 'ms',
          note: `max ${round(after.lag.max)} ms over the window`,
        },
        {
          metric: 'server CPU per relayed frame',
          value: round((cpuMs * 1000) / frames, 1),
          unit: 'µs',
          note: `${frames} frames both ways in the window (${round(frames / (elapsedMs / 1000) / CALLS / 2, 1)} per call-direction per second, 50 wanted); the cost a frame adds before any waiting`,
        },
        {
          metric: 'server CPU per call',
          value: round((cpuMs / elapsedMs / CALLS) * 100, 3),
          unit: '% of a core',
          note: `${round((cpuMs / elapsedMs) * 100, 1)} % for all ${CALLS}`,
        },
        {
          metric: 'server memory per call (RSS)',
          value: round((after.memory.rss - idle.memory.rss) / CALLS / 1024, 1),
          unit: 'KiB',
          note: `RSS ${round(idle.memory.rss / 2 ** 20, 1)} → ${round(after.memory.rss / 2 ** 20, 1)} MiB`,
        },
        {
          metric: 'server memory per call (heap)',
          value: round((after.memory.heapUsed - idle.memory.heapUsed) / CALLS / 1024, 1),
          unit: 'KiB',
        },
      ];
      return rows;
    } finally {
      for (const timer of timers) clearInterval(timer);
      for (const call of calls) if (call.isOpen) call.hangUp();
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
        setTimeout(() => child.kill(), 10_000).unref();
      });
      await realtime.close();
      await rest.close();
    }
  },
};

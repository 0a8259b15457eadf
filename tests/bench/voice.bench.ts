/**
 * 100 simultaneous phone calls through the bridge, 20 ms frames both ways (issue 10): the time a
 * frame takes from the fake Twilio to the fake Realtime API and back the other way, the server's
 * event-loop lag, and its CPU and memory per call. The server runs in its own process
 * (voiceBenchServer.ts); the fakes run here, and the frames are numbered and timed as
 * measureRelay.ts says: the relay figures bound the bridge's added latency from above.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startFakeRealtime } from '../fixtures/fakeRealtime.js';
import type { FakeRealtimeSession } from '../fixtures/fakeRealtimeSession.js';
import { startFakeTwilio } from '../fixtures/fakeTwilio.js';
import type { FakeTwilioCall } from '../fixtures/fakeTwilioCall.js';
import { ringSwitchboard } from '../fixtures/ringSwitchboard.js';
import { type Bench, type BenchRow, machineLoadRow, percentile, round } from './harness.js';
import { askBenchServer, measureRelay, twilioLeg } from './measureRelay.js';
import type { BenchServerInput } from './voiceBenchServer.js';

const CALLS = 100;
const MEASURE_MS = 10_000;
const PUBLIC_URL = 'https://voice-bench.example.com';
const KEY = 'sk-bench-voice';

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
    try {
      const ready = await new Promise<{ url: string; numbers: string[] }>((resolve) =>
        child.once('message', (m) => resolve(m as { url: string; numbers: string[] })),
      );
      const idle = await askBenchServer(child, 'stats');
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

      const { inbound, outbound, frames, cpuMs, elapsedMs, after } = await measureRelay(
        child,
        calls.map(twilioLeg),
        sessions,
        { measureMs: MEASURE_MS, settleMs: 0 },
      );
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

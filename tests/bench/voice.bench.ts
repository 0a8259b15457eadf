/**
 * 100 simultaneous phone calls through the bridge, 20 ms frames both ways (issue 10): the time a
 * frame takes from the fake Twilio to the fake Realtime API and back the other way, the server's
 * event-loop lag, and its CPU and memory per call. The server runs in its own process
 * (voiceBenchServer.ts); the fakes run here, and the frames are numbered and timed as
 * measureRelay.ts says: the relay figures bound the bridge's added latency from above.
 */
import { type Bench, type BenchRow, machineLoadRow, percentile, round } from './harness.js';
import { askBenchServer, measureRelay } from './measureRelay.js';
import { startVoiceBenchServer } from './startVoiceBenchServer.js';

const CALLS = 100;
const MEASURE_MS = 10_000;
const PUBLIC_URL = 'https://voice-bench.example.com';
const KEY = 'sk-bench-voice';

export const bench: Bench = {
  name: 'voice',
  description: `${CALLS} concurrent calls, 20 ms frames both ways for ${MEASURE_MS / 1000} s: relay latency, event-loop lag, CPU and memory per call`,
  run: async () => {
    const server = await startVoiceBenchServer({ publicUrl: PUBLIC_URL, openaiKey: KEY, calls: CALLS });
    try {
      const idle = await askBenchServer(server.child, 'stats');
      const { legs, sessions } = await server.ring(server.ready.numbers);
      await new Promise((r) => setTimeout(r, 1000));

      const { inbound, outbound, frames, cpuMs, elapsedMs, after } = await measureRelay(server.child, legs, sessions, {
        measureMs: MEASURE_MS,
        settleMs: 0,
      });
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
      await server.stop();
    }
  },
};

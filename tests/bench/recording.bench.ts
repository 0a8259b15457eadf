/**
 * What recording costs the bridge (issue 21): CALLS phone calls without recording, then CALLS
 * whose agents record, one set at a time on the same server process, 20 ms frames both ways for
 * MEASURE_MS each (measureRelay.ts). The server's CPU per relayed frame with recording over
 * without is held to 1.2×; the relay latency is shown beside it. Then the recordings kept: their
 * bytes in storage per minute of call (stereo μ-law: 960,000 expected).
 */
import { type Bench, budgetRow, machineLoadRow, percentile, round } from './harness.js';
import { askBenchServer, measureRelay, type Relay } from './measureRelay.js';
import { startVoiceBenchServer } from './startVoiceBenchServer.js';

const CALLS = 40;
const MEASURE_MS = 6_000;
const WINDOW = { measureMs: MEASURE_MS, settleMs: 500 };
const PUBLIC_URL = 'https://recording-bench.example.com';
const KEY = 'sk-bench-recording';

const all = (relay: Relay) => [...relay.inbound, ...relay.outbound];

export const bench: Bench = {
  name: 'recording',
  description: `${CALLS} calls without recording, then ${CALLS} recorded, 20 ms frames both ways for ${MEASURE_MS / 1000} s each: CPU per frame, relay latency, storage per call minute`,
  run: async () => {
    const server = await startVoiceBenchServer({
      publicUrl: PUBLIC_URL,
      openaiKey: KEY,
      calls: CALLS * 2,
      recordedCalls: CALLS,
    });
    try {
      const plainNumbers = server.ready.numbers.slice(0, CALLS);
      const recordedNumbers = server.ready.numbers.slice(CALLS);

      const plainCalls = await server.ring(plainNumbers);
      const plain = await measureRelay(server.child, plainCalls.legs, plainCalls.sessions, WINDOW);
      for (const leg of plainCalls.legs) leg.hangUp();
      await new Promise((r) => setTimeout(r, 500));

      const recordedCalls = await server.ring(recordedNumbers);
      const recorded = await measureRelay(server.child, recordedCalls.legs, recordedCalls.sessions, WINDOW);
      for (const leg of recordedCalls.legs) leg.hangUp();
      // The recordings are kept once their calls have ended.
      let kept = (await askBenchServer(server.child, 'stats')).recordings;
      for (let i = 0; i < 50 && kept.count < CALLS; i++) {
        await new Promise((r) => setTimeout(r, 200));
        kept = (await askBenchServer(server.child, 'stats')).recordings;
      }
      const perMinute = kept.durationMs > 0 ? (kept.bytes / kept.durationMs) * 60_000 : 0;

      return [
        machineLoadRow(': above that, every figure below includes waiting for a core'),
        {
          metric: 'without recording: server CPU per relayed frame',
          value: round(plain.cpuMsPerFrame * 1000, 1),
          unit: 'µs',
          note: `${plain.frames} frames both ways`,
        },
        {
          metric: 'recorded: server CPU per relayed frame',
          value: round(recorded.cpuMsPerFrame * 1000, 1),
          unit: 'µs',
          note: `${recorded.frames} frames both ways`,
        },
        budgetRow(
          {
            metric: 'recorded / not: CPU per relayed frame',
            value: round(recorded.cpuMsPerFrame / plain.cpuMsPerFrame),
            unit: '×',
            note: 'same server process, one set after the other',
          },
          { atMost: 1.2 },
        ),
        {
          metric: 'without recording: relay p99',
          value: round(percentile(all(plain), 99)),
          unit: 'ms',
        },
        { metric: 'recorded: relay p99', value: round(percentile(all(recorded), 99)), unit: 'ms' },
        {
          metric: 'storage per call minute',
          value: Math.round(perMinute),
          unit: 'bytes',
          note: `${kept.count} recordings, ${round(kept.durationMs / 60_000, 2)} call minutes, ${round(kept.bytes / 2 ** 20, 2)} MiB (stereo μ-law 8 kHz: 960,000 a minute)`,
        },
      ];
    } finally {
      await server.stop();
    }
  },
};

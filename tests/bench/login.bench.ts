import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBenchApp } from './benchApp.js';
import { type Bench, type BenchRow, round } from './harness.js';

const LOGINS = 20;
const IDLE_MS = 2000;
const RESOLUTION_MS = 1;

/** Event-loop lag (p50, p99, max in ms) while `work` runs. */
async function loopDelayDuring(work: () => Promise<unknown>): Promise<{ p50: number; p99: number; max: number }> {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  await work();
  histogram.disable();
  // Node's samples include the sampling interval itself; what's left is the lag.
  const ms = (ns: number) => round(Math.max(0, ns / 1e6 - RESOLUTION_MS));
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}

function rows(label: string, delay: { p50: number; p99: number; max: number }, note: string): BenchRow[] {
  return [
    { metric: `${label} loop delay p50`, value: delay.p50, unit: 'ms', note },
    { metric: `${label} loop delay p99`, value: delay.p99, unit: 'ms' },
    { metric: `${label} loop delay max`, value: delay.max, unit: 'ms' },
  ];
}

export const bench: Bench = {
  name: 'login',
  description: `Event-loop lag while ${LOGINS} users sign in (argon2id) at once, against an idle server`,
  run: async () => {
    const app = await startBenchApp();
    try {
      await app.login(); // warm-up: first-use costs (dummy hash, JIT) are not what this measures
      const idle = await loopDelayDuring(() => sleep(IDLE_MS));
      // Distinct accounts: concurrent attempts at one account are counted before the hash check
      // and throttled (issue 7), which is not what this measures.
      const users = await Promise.all(Array.from({ length: LOGINS }, () => app.test.createUser()));
      let elapsedMs = 0;
      const busy = await loopDelayDuring(async () => {
        const started = performance.now();
        await Promise.all(users.map((user) => app.login(user)));
        elapsedMs = performance.now() - started;
      });
      return [
        ...rows('idle', idle, `${IDLE_MS} ms with the server listening`),
        ...rows(`${LOGINS} concurrent logins`, busy, 'over HTTP to the same process'),
        { metric: `${LOGINS} concurrent logins wall time`, value: round(elapsedMs, 0), unit: 'ms' },
      ];
    } finally {
      await app.close();
    }
  },
};

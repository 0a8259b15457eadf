/**
 * Issue 7, finding 4: how long another owner's trivial tool call takes while one owner keeps the
 * sandbox flooded with calls that never resolve (each ends at the deadline), against the same
 * calls with nobody flooding. Two workers, the default per-owner cap.
 */
import { createSandbox, SANDBOX_DEFAULTS } from '../../server/sandbox/index.js';
import { type Bench, type BenchRow, percentile, round } from './harness.js';

const CALLS = 50;
const TRIVIAL = { owner: 'bob', code: 'async function handler(args) { return args.n; }', args: { n: 1 }, values: {} };
const NEVER = {
  owner: 'alice',
  code: 'async function handler() { await new Promise(() => {}); }',
  args: {},
  values: {},
};

async function latencies(run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

export const bench: Bench = {
  name: 'sandbox-fair-share',
  description: `Another owner's call latency while one owner floods the pool with never-resolving calls (${CALLS} calls each)`,
  async run(): Promise<BenchRow[]> {
    const sandbox = createSandbox({ poolSize: 2, timeoutMs: 2000 });
    try {
      await Promise.all([sandbox.run(TRIVIAL), sandbox.run({ ...TRIVIAL, owner: 'carol' })]);
      const quiet = await latencies(() => sandbox.run(TRIVIAL));
      let refused = 0;
      let flooding = true;
      const flood = (async () => {
        while (flooding) {
          const batch = await Promise.all(Array.from({ length: 110 }, () => sandbox.run(NEVER)));
          refused += batch.filter((r) => r.error?.startsWith('Too many of your tool calls')).length;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const flooded = await latencies(() => sandbox.run(TRIVIAL));
      flooding = false;
      await sandbox.close();
      await flood;
      return [
        { metric: 'call p50, nobody flooding', value: round(percentile(quiet, 50)), unit: 'ms' },
        { metric: 'call p95, nobody flooding', value: round(percentile(quiet, 95)), unit: 'ms' },
        {
          metric: 'call p50, another owner flooding',
          value: round(percentile(flooded, 50)),
          unit: 'ms',
          note: `110 never-resolving calls at a time, cap ${SANDBOX_DEFAULTS.maxCallsPerOwner}`,
        },
        { metric: 'call p95, another owner flooding', value: round(percentile(flooded, 95)), unit: 'ms' },
        {
          metric: "flooder's calls refused",
          value: refused,
          unit: 'calls',
          note: 'over the per-owner cap, answered at once',
        },
      ];
    } finally {
      await sandbox.close();
    }
  },
};

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox } from '../../server/sandbox/index.js';
import { type Bench, type BenchRow, percentile, round } from './harness.js';

const TRIVIAL = { code: 'async function handler(args) { return { n: args.n }; }', args: { n: 1 }, values: {} };
const LOOP = { code: 'function handler() { for (;;) {} }', args: {}, values: {}, timeoutMs: 2000 };
const SEQUENTIAL_CALLS = 300;
const POOL_CALLS = 200;
const CONCURRENCY = 8;
const HTTP_REQUESTS = 1000;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Latencies of sequential keep-alive GETs against a server on this (the API's) thread. */
async function httpLatencies(url: string, agent: http.Agent, count: number): Promise<number[]> {
  const get = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) samples.push(await timed(get));
  return samples;
}

export const bench: Bench = {
  name: 'sandbox',
  description: 'Tool sandbox: per-call overhead, pool throughput, main-thread HTTP latency while hostile calls run',
  async run(): Promise<BenchRow[]> {
    const sandbox = createSandbox({ poolSize: 2 });
    const server = http.createServer((_req, res) => res.end('{"status":"ok"}'));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 20; i += 1) await sandbox.run(TRIVIAL);

      const roundTrips: number[] = [];
      const inWorker: number[] = [];
      for (let i = 0; i < SEQUENTIAL_CALLS; i += 1) {
        const started = performance.now();
        const result = await sandbox.run(TRIVIAL);
        roundTrips.push(performance.now() - started);
        inWorker.push(result.durationMs);
      }

      let next = 0;
      const poolMs = await timed(() =>
        Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < POOL_CALLS) {
              next += 1;
              await sandbox.run(TRIVIAL);
            }
          }),
        ),
      );

      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`;
      await httpLatencies(url, agent, 50);
      const idle = await httpLatencies(url, agent, HTTP_REQUESTS);
      const loops = [sandbox.run(LOOP), sandbox.run(LOOP)];
      const busy = await httpLatencies(url, agent, HTTP_REQUESTS);
      const loopResults = await Promise.all(loops);
      const loopsTimedOut = loopResults.every((r) => r.error === 'Handler timed out after 2000 ms');

      const idleP99 = percentile(idle, 99);
      const busyP99 = percentile(busy, 99);
      return [
        {
          metric: 'call round trip p50',
          value: round(percentile(roundTrips, 50)),
          unit: 'ms',
          note: `trivial handler, fresh runtime+context, ${SEQUENTIAL_CALLS} sequential calls`,
        },
        { metric: 'call round trip p95', value: round(percentile(roundTrips, 95)), unit: 'ms' },
        {
          metric: 'in-worker run p50',
          value: round(percentile(inWorker, 50)),
          unit: 'ms',
          note: 'durationMs reported by the sandbox',
        },
        { metric: 'in-worker run p95', value: round(percentile(inWorker, 95)), unit: 'ms' },
        {
          metric: 'pool throughput',
          value: round(POOL_CALLS / (poolMs / 1000), 0),
          unit: 'calls/s',
          note: `${POOL_CALLS} calls, concurrency ${CONCURRENCY}, 2 workers`,
        },
        {
          metric: 'HTTP p50 idle',
          value: round(percentile(idle, 50)),
          unit: 'ms',
          note: `${HTTP_REQUESTS} keep-alive GETs on the main thread`,
        },
        { metric: 'HTTP p99 idle', value: round(idleP99), unit: 'ms' },
        { metric: 'HTTP p50 during 2 infinite loops', value: round(percentile(busy, 50)), unit: 'ms' },
        {
          metric: 'HTTP p99 during 2 infinite loops',
          value: round(busyP99),
          unit: 'ms',
          note: `target < 50 ms; loops ended by the deadline: ${loopsTimedOut}`,
        },
        { metric: 'HTTP p99 ratio busy/idle', value: round(busyP99 / idleP99), unit: 'x' },
      ];
    } finally {
      agent.destroy();
      server.close();
      await sandbox.close();
    }
  },
};

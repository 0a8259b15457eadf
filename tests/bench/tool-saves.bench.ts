/**
 * Issue 7, finding 1: hostile tool saves must not hold the API's event loop. GET /api/health is
 * probed one request at a time while saves with the 2,500-branch `anyOf` schema (refused by the
 * linear bounds) and with a 450-branch one (accepted, compiled by Ajv in a sandbox worker) are
 * sent. Budget: /api/health p99 under 50 ms while they run.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startBenchApp } from './benchApp.js';
import { type Bench, type BenchRow, percentile, round } from './harness.js';

const DURATION_MS = 8000;
const BUDGET_P99_MS = 50;

const schema = (branches: number) => ({
  type: 'object',
  properties: { choice: { anyOf: Array.from({ length: branches }, (_, i) => ({ const: `option-${i}` })) } },
});

function get(agent: http.Agent, url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });
}

/** Sequential probes until `until` resolves; each latency in ms. */
async function probe(url: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let done = false;
  void until.finally(() => (done = true));
  const samples: number[] = [];
  while (!done) samples.push(await get(agent, url));
  agent.destroy();
  return samples;
}

export const bench: Bench = {
  name: 'tool-saves',
  description: `GET /api/health latency while hostile tool saves arrive (${DURATION_MS / 1000} s, budget p99 < ${BUDGET_P99_MS} ms)`,
  async run(): Promise<BenchRow[]> {
    const app = await startBenchApp();
    try {
      const token = await app.login();
      let saved = 0;
      let refused = 0;
      let other = 0;
      const save = async (parameters: object) => {
        const response = await fetch(`${app.url}/api/tools`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `tool ${saved + refused + other}`,
            description: 'bench',
            type: 'string',
            parameters,
            handler_code: '',
          }),
        });
        if (response.status === 201) saved += 1;
        else if (response.status === 400) refused += 1;
        else other += 1;
      };
      const health = `${app.url}/api/health`;
      const idle = await probe(health, new Promise((resolve) => setTimeout(resolve, 2000)));

      // The server runs in this process: its event loop's delay is what a blocking save would show.
      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      const deadline = Date.now() + DURATION_MS;
      const senders = Array.from({ length: 3 }, async (_, n) => {
        while (Date.now() < deadline) await save(schema(n === 0 ? 450 : 2500));
      });
      const busy = await probe(health, Promise.all(senders));
      loopDelay.disable();
      const p99 = percentile(busy, 99);
      return [
        {
          metric: 'health p50 idle',
          value: round(percentile(idle, 50)),
          unit: 'ms',
          note: `${idle.length} sequential probes`,
        },
        { metric: 'health p99 idle', value: round(percentile(idle, 99)), unit: 'ms' },
        {
          metric: 'health p50 during saves',
          value: round(percentile(busy, 50)),
          unit: 'ms',
          note: `${busy.length} sequential probes`,
        },
        {
          metric: 'health p99 during saves',
          value: round(p99),
          unit: 'ms',
          note: p99 < BUDGET_P99_MS ? `within the ${BUDGET_P99_MS} ms budget` : `OVER the ${BUDGET_P99_MS} ms budget`,
        },
        { metric: 'health max during saves', value: round(Math.max(...busy)), unit: 'ms' },
        {
          metric: 'event loop delay p99 during saves',
          value: round(loopDelay.percentile(99) / 1e6),
          unit: 'ms',
          note: 'includes the OS not scheduling this process',
        },
        { metric: 'event loop delay max during saves', value: round(loopDelay.max / 1e6), unit: 'ms' },
        {
          metric: '2,500-branch saves refused',
          value: refused,
          unit: 'requests',
          note: '400 naming parameters, from the linear bounds',
        },
        {
          metric: '450-branch saves accepted',
          value: saved,
          unit: 'requests',
          note: 'compiled by Ajv in a sandbox worker',
        },
        { metric: 'other answers', value: other, unit: 'requests', note: 'should be 0' },
      ];
    } finally {
      await app.close();
    }
  },
};

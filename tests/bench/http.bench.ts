import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { startBenchApp } from './benchApp.js';
import { round, type Bench, type BenchRow } from './harness.js';

const DURATION_S = 5;
const CONNECTIONS = 10;

/** Load from a worker thread, so the load generator doesn't share the server's event loop. */
async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return result;
}

function rows(label: string, result: Result): BenchRow[] {
  return [
    { metric: `${label} requests/s`, value: round(result.requests.average, 0), unit: 'req/s' },
    { metric: `${label} latency p50`, value: result.latency.p50, unit: 'ms' },
    { metric: `${label} latency p99`, value: result.latency.p99, unit: 'ms' },
  ];
}

export const bench: Bench = {
  name: 'http',
  description: `Authenticated GET /api/accounts/settings vs a bare Fastify route (${CONNECTIONS} connections, ${DURATION_S} s each)`,
  run: async () => {
    const bare = Fastify();
    bare.get('/hello', async () => ({ hello: 'world' }));
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareResult = await load(`${bareUrl}/hello`).finally(() => bare.close());

    const app = await startBenchApp();
    try {
      const token = await app.login();
      const appResult = await load(`${app.url}/api/accounts/settings`, { authorization: `Bearer ${token}` });
      return [
        ...rows('app GET /api/accounts/settings', appResult),
        ...rows('bare Fastify GET /hello', bareResult),
        {
          metric: 'app / bare throughput',
          value: round(appResult.requests.average / bareResult.requests.average, 3),
          unit: 'ratio',
          note: 'the cost of auth, rate limit, security headers, logging and the database read',
        },
      ];
    } finally {
      await app.close();
    }
  },
};

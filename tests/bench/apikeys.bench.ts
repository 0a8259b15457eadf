/**
 * What checking an API key costs (issue 22: "within 10 % of the bearer path"): the same route
 * loaded with an access token and with a full-access key of the same user, server CPU per request
 * measured around the load (loadProcess.ts), so the difference is the sign-in path's own. Each
 * side runs twice, interleaved, and keeps its calmer run: a shared machine's noise must not pass
 * or fail the budget. The routes answer small lists, so the sign-in is a large share of the work.
 */
import { createKeyFor } from '../helpers/apiKeyCalls.js';
import { startBenchApp } from './benchApp.js';
import { type Bench, type BenchRow, budgetRow, round } from './harness.js';
import { type LoadResult, loadFromChild } from './loadProcess.js';

const DURATION_S = 4;
const WARM_UP_S = 2;
const CONNECTIONS = 10;
const ROUTES = ['/api/custom-values', '/api/agents'] as const;
/** Key CPU per request / access-token CPU per request. */
const BUDGET = 1.1;

const load = (url: string, headers: Record<string, string>, durationSeconds = DURATION_S) =>
  loadFromChild({ url, headers, connections: CONNECTIONS, durationSeconds });

const calmer = (a: LoadResult, b: LoadResult) => (a.serverCpuMicros <= b.serverCpuMicros ? a : b);

export const bench: Bench = {
  name: 'apikeys',
  description: `API key vs access token on the same routes (${CONNECTIONS} connections, ${DURATION_S} s per run, best of two)`,
  run: async () => {
    const app = await startBenchApp();
    try {
      const token = await app.login();
      const { key } = await createKeyFor(app.test, app.user, 'full', { name: 'bench' });
      const bearer = { authorization: `Bearer ${token}` };
      const keyed = { authorization: `Bearer ${key}` };
      await load(`${app.url}${ROUTES[0]}`, bearer, WARM_UP_S);
      await load(`${app.url}${ROUTES[0]}`, keyed, WARM_UP_S);
      const rows: BenchRow[] = [];
      for (const route of ROUTES) {
        const url = `${app.url}${route}`;
        const tokenFirst = await load(url, bearer);
        const keyFirst = await load(url, keyed);
        const keySecond = await load(url, keyed);
        const tokenSecond = await load(url, bearer);
        const withToken = calmer(tokenFirst, tokenSecond);
        const withKey = calmer(keyFirst, keySecond);
        rows.push(
          {
            metric: `GET ${route} with an access token: server CPU`,
            value: round(withToken.serverCpuMicros, 1),
            unit: 'µs/req',
            note: `${round(withToken.requestsPerSecond, 0)} req/s, p99 ${withToken.latencyP99Ms} ms`,
          },
          {
            metric: `GET ${route} with an API key: server CPU`,
            value: round(withKey.serverCpuMicros, 1),
            unit: 'µs/req',
            note: `${round(withKey.requestsPerSecond, 0)} req/s, p99 ${withKey.latencyP99Ms} ms`,
          },
          budgetRow(
            {
              metric: `GET ${route}: key / token CPU`,
              value: round(withKey.serverCpuMicros / withToken.serverCpuMicros, 3),
              unit: 'ratio',
              note: `key minus token: ${round(withKey.serverCpuMicros - withToken.serverCpuMicros, 1)} µs/req`,
            },
            { atMost: BUDGET },
          ),
        );
      }
      return rows;
    } finally {
      await app.close();
    }
  },
};

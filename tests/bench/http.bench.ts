/**
 * Authenticated API throughput against a bare Fastify route in the same run (issue 12, Speed).
 * The app logs at its default level; the load comes from another process (loadProcess.ts), so
 * the server CPU time per request is the app's own. Ratios are throughput against the mean of
 * two bare runs (one first, one last); the CPU ratio (bare µs / app µs) says the same with less
 * noise from whatever else the machine runs. The app is warmed up first (its JIT compiled), as a
 * running server is. "Flat" compares p99 with 10 and with 500 rows per
 * user where the answer does not grow with the rows; the full lists report their cost per row.
 */
import Fastify from 'fastify';
import { IMPERSONATE_HEADER } from '../../shared/defaults.js';
import { startBenchApp } from './benchApp.js';
import { type Bench, type BenchRow, budgetRow, round } from './harness.js';
import { type BenchUser, seedUser } from './httpUsers.js';
import { type LoadResult, loadFromChild } from './loadProcess.js';

const DURATION_S = 5;
const WARM_UP_S = 2;
const CONNECTIONS = 10;
const FEW = 10;
const MANY = 500;
/** p99 may grow this much from FEW to MANY rows per user and still count as flat. */
const FLAT = 2;
const ENDED_PAGE = '/api/sessions/ended-sessions?limit=10';

interface Scenario {
  key: string;
  label: string;
  path: string;
  headers: Record<string, string>;
  /** Least throughput against bare Fastify. */
  atLeast?: number;
  /** Half of a 10-vs-500-rows pair held to FLAT: run twice, the lower p99 kept (see below). */
  flat?: boolean;
}

const load = (url: string, headers: Record<string, string> = {}, durationSeconds = DURATION_S) =>
  loadFromChild({ url, headers, connections: CONNECTIONS, durationSeconds });

async function bareRun(): Promise<LoadResult> {
  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  return load(`${url}/hello`).finally(() => bare.close());
}

function scenarioRows(scenario: Scenario, result: LoadResult, bare: { rps: number; cpu: number }): BenchRow[] {
  const ratio: BenchRow = {
    metric: `${scenario.label} / bare throughput`,
    value: round(result.requestsPerSecond / bare.rps, 3),
    unit: 'ratio',
    note: `${round(result.requestsPerSecond, 0)} req/s, p50 ${result.latencyP50Ms} ms`,
  };
  return [
    scenario.atLeast === undefined ? ratio : budgetRow(ratio, { atLeast: scenario.atLeast }),
    {
      metric: `${scenario.label} server CPU`,
      value: round(result.serverCpuMicros, 1),
      unit: 'µs/req',
      note: `bare / app CPU ratio ${round(bare.cpu / result.serverCpuMicros, 3)}`,
    },
    { metric: `${scenario.label} latency p99`, value: result.latencyP99Ms, unit: 'ms' },
  ];
}

/** p99 at MANY rows against FEW; held to FLAT where the answer's size does not grow with the rows. */
function growthRow(label: string, few: LoadResult, many: LoadResult, flat: boolean): BenchRow {
  const perRow = (many.serverCpuMicros - few.serverCpuMicros) / (MANY - FEW);
  const row: BenchRow = {
    metric: `${label} p99 at ${MANY} / at ${FEW} rows`,
    value: round(many.latencyP99Ms / Math.max(1, few.latencyP99Ms), 2),
    unit: 'ratio',
    note: `p99 ${few.latencyP99Ms} → ${many.latencyP99Ms} ms; CPU ${round(few.serverCpuMicros, 0)} → ${round(many.serverCpuMicros, 0)} µs/req${
      flat ? '' : ` (${round(perRow, 1)} µs per listed row; the whole list is answered)`
    }`,
  };
  return flat ? budgetRow(row, { atMost: FLAT }) : row;
}

export const bench: Bench = {
  name: 'http',
  description: `Authenticated API routes vs a bare Fastify route (${CONNECTIONS} connections, ${DURATION_S} s each, load from another process, logging at info)`,
  run: async () => {
    const app = await startBenchApp();
    try {
      const few = await seedUser(app.test, FEW);
      const many = await seedUser(app.test, MANY);
      const admin = await seedUser(app.test, 0, 'admin');
      /** One GET for the user with FEW rows and for the one with MANY, held to FLAT (growthRow). */
      const flatPair = (key: string, label: string, path: (user: BenchUser) => string): Scenario[] => [
        { key, label: `${label} (${FEW} rows)`, path: path(few), headers: few.headers, flat: true },
        { key: `${key}-many`, label: `${label} (${MANY} rows)`, path: path(many), headers: many.headers, flat: true },
      ];
      const scenarios: Scenario[] = [
        {
          key: 'settings',
          label: 'GET /api/accounts/settings',
          path: '/api/accounts/settings',
          headers: few.headers,
          atLeast: 0.4,
        },
        {
          key: 'impersonated',
          label: 'GET /api/accounts/settings impersonated',
          path: '/api/accounts/settings',
          headers: { ...admin.headers, [IMPERSONATE_HEADER]: few.id },
        },
        {
          key: 'tools',
          label: `GET /api/tools (${FEW} rows)`,
          path: '/api/tools',
          headers: few.headers,
          atLeast: 0.25,
        },
        {
          key: 'agents',
          label: `GET /api/agents (${FEW} rows)`,
          path: '/api/agents',
          headers: few.headers,
          atLeast: 0.25,
        },
        { key: 'tools-many', label: `GET /api/tools (${MANY} rows)`, path: '/api/tools', headers: many.headers },
        { key: 'agents-many', label: `GET /api/agents (${MANY} rows)`, path: '/api/agents', headers: many.headers },
        ...flatPair('tool', 'GET /api/tools/:id', (user) => `/api/tools/${user.toolId}`),
        ...flatPair('agent', 'GET /api/agents/:id', (user) => `/api/agents/${user.agentId}`),
        ...flatPair('calls', 'GET ended calls, a page of 10', () => ENDED_PAGE),
      ];

      // A server runs warm: two unmeasured seconds first, so the first scenario does not pay for
      // the app's code being compiled while the later ones ride on it.
      await load(`${app.url}${scenarios[0]!.path}`, scenarios[0]!.headers, WARM_UP_S);
      const firstBare = await bareRun();
      const results = new Map<string, LoadResult>();
      for (const scenario of scenarios)
        results.set(scenario.key, await load(`${app.url}${scenario.path}`, scenario.headers));
      // p99 on a shared machine jumps with whatever else runs: the flat pairs run again in reverse
      // order and each side keeps its calmer run, so a passing spike cannot fail (or pass) a pair.
      for (const scenario of scenarios.filter((s) => s.flat).reverse()) {
        const again = await load(`${app.url}${scenario.path}`, scenario.headers);
        if (again.latencyP99Ms < results.get(scenario.key)!.latencyP99Ms) results.set(scenario.key, again);
      }
      const lastBare = await bareRun();
      const bare = {
        rps: (firstBare.requestsPerSecond + lastBare.requestsPerSecond) / 2,
        cpu: (firstBare.serverCpuMicros + lastBare.serverCpuMicros) / 2,
      };
      const result = (key: string) => results.get(key)!;
      return [
        {
          metric: 'bare Fastify GET /hello',
          value: round(bare.rps, 0),
          unit: 'req/s',
          note: `runs ${round(firstBare.requestsPerSecond, 0)} and ${round(lastBare.requestsPerSecond, 0)} req/s; p99 ${firstBare.latencyP99Ms} / ${lastBare.latencyP99Ms} ms`,
        },
        { metric: 'bare Fastify server CPU', value: round(bare.cpu, 1), unit: 'µs/req' },
        ...scenarios.flatMap((scenario) => scenarioRows(scenario, result(scenario.key), bare)),
        growthRow('GET /api/tools/:id', result('tool'), result('tool-many'), true),
        growthRow('GET /api/agents/:id', result('agent'), result('agent-many'), true),
        growthRow('GET ended calls page', result('calls'), result('calls-many'), true),
        growthRow('GET /api/tools', result('tools'), result('tools-many'), false),
        growthRow('GET /api/agents', result('agents'), result('agents-many'), false),
      ];
    } finally {
      await app.close();
    }
  },
};

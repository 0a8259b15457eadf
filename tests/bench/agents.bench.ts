/**
 * GET /api/agents answer time as a user's agent list grows: 500 agents against a 50-agent
 * baseline in the same run, each agent with realistic instructions and 3 tools. Measured in
 * process with app.inject (routing, auth, queries, serialisation; no socket).
 */
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type Bench, type BenchRow, percentile, round } from './harness.js';
import { insertAgentsWithTools, insertTools } from './seedAgentsWithTools.js';

const REQUESTS = 50;
const WARM_UP = 5;
const TOOLS_PER_USER = 10;
const TOOLS_PER_AGENT = 3;
const INSTRUCTIONS = 'You answer calls for a dental practice. Be brief and friendly. '.repeat(16);

/** A signed-in user owning `count` agents; resolves their bearer headers. */
async function userWithAgents(t: TestApp, count: number): Promise<Record<string, string>> {
  const user = await t.createUser();
  const now = Date.now();
  const toolIds = await insertTools(
    t,
    user.id,
    Array.from({ length: TOOLS_PER_USER }, (_, i) => ({
      name: `tool_${i}`,
      description: `Tool number ${i}`,
      parameters: '{}',
      handlerCode: '',
      at: now,
    })),
  );
  await insertAgentsWithTools(t, user.id, count, {
    toolIds,
    toolsPerAgent: TOOLS_PER_AGENT,
    instructions: INSTRUCTIONS,
    now,
  });
  return t.auth((await t.login(user.username, user.password)).accessToken);
}

async function measure(
  t: TestApp,
  headers: Record<string, string>,
  expected: number,
): Promise<{ times: number[]; bytes: number }> {
  let bytes = 0;
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/agents', headers });
    const elapsed = performance.now() - started;
    const agents: unknown = response.json();
    if (response.statusCode !== 200 || !Array.isArray(agents) || agents.length !== expected) {
      throw new Error(`GET /api/agents answered ${response.statusCode} with an unexpected list`);
    }
    bytes = response.rawPayload.length;
    if (i >= WARM_UP) times.push(elapsed);
  }
  return { times, bytes };
}

function rows(label: string, result: { times: number[]; bytes: number }): BenchRow[] {
  return [
    {
      metric: `${label} p50`,
      value: round(percentile(result.times, 50)),
      unit: 'ms',
      note: `${REQUESTS} sequential requests via app.inject`,
    },
    { metric: `${label} p95`, value: round(percentile(result.times, 95)), unit: 'ms' },
    { metric: `${label} answer size`, value: round(result.bytes / 1024, 1), unit: 'KiB' },
  ];
}

export const bench: Bench = {
  name: 'agents',
  description: `GET /api/agents answer time with 500 agents against a 50-agent baseline (${TOOLS_PER_AGENT} tools each)`,
  run: async () => {
    const t = await createTestApp({ config: { rateLimit: { max: 1_000_000_000, windowMs: 60_000 } } });
    try {
      const small = await userWithAgents(t, 50);
      const large = await userWithAgents(t, 500);
      const baseline = await measure(t, small, 50);
      const grown = await measure(t, large, 500);
      const ratio = percentile(grown.times, 50) / percentile(baseline.times, 50);
      return [
        ...rows('50 agents', baseline),
        ...rows('500 agents', grown),
        {
          metric: 'p50 growth 50 → 500 agents',
          value: round(ratio),
          unit: 'x',
          note: '10x the agents; below 10x means sub-linear cost',
        },
      ];
    } finally {
      await t.close();
    }
  },
};

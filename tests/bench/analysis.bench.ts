/**
 * Post-call analysis jobs against the fake Chat Completions server (issue 21 part C): jobs a
 * second through the real runner (claims under the owner lock, one model call each, results
 * stored), on SQLite, for 4 owners with 50 ended calls each, at 1, 2 and 4 jobs per owner at once
 * (ANALYSIS_JOBS_PER_USER) and 8 per instance. The fake answers after 50 ms, as a fast model
 * would; a second run with an instant fake shows the queue's own cost per job.
 */
import { ANALYSIS_DEFAULTS } from '../../server/analysis/analysisConfig.js';
import { insertAgent } from '../../server/db/agents.js';
import { saveAnalysisSettings } from '../../server/db/analysisSettings.js';
import { startFakeOpenAIChat } from '../fixtures/fakeOpenAIChat.js';
import { seedEndedCall } from '../helpers/seedEndedCall.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type Bench, type BenchRow, machineLoadRow, round } from './harness.js';

const OWNERS = 4;
const CALLS_PER_OWNER = 50;
const KEY = 'sk-analysis-bench';

async function seed(t: TestApp): Promise<void> {
  for (let o = 0; o < OWNERS; o += 1) {
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/settings',
      headers: t.auth(accessToken),
      payload: { openai_api_key: KEY },
    });
    const agent = (await insertAgent(t.db, user.id, `Bench agent ${o}`, t.clock.now())).row.id;
    await saveAnalysisSettings(
      t.db,
      { userId: user.id, kind: 'call', sourceId: agent },
      { enabled: 1, success_criteria: 'A table was booked.' },
      t.clock.now(),
    );
    for (let c = 0; c < CALLS_PER_OWNER; c += 1)
      await seedEndedCall(t, {
        userId: user.id,
        agentId: agent,
        agentName: 'Bench agent',
        lines: ['I would like a table for two tonight', 'Booked at eight'],
      });
  }
}

async function doneCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('analysis_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'done')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function throughput(perUser: number, modelMs: number): Promise<{ jobsPerSecond: number; maxInFlight: number }> {
  const fake = await startFakeOpenAIChat({ apiKeys: [KEY] });
  let inFlight = 0;
  let maxInFlight = 0;
  fake.reply = () => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => (inFlight -= 1), modelMs);
    return { delayMs: modelMs, json: { summary: 'A booking.', success: { verdict: 'pass', reason: 'Booked.' } } };
  };
  const t = await createTestApp({
    config: {
      openaiBaseUrl: fake.baseUrl,
      analysis: { ...ANALYSIS_DEFAULTS, pollMs: 3_600_000, perUser, concurrency: 8 },
    },
  });
  try {
    await seed(t);
    const total = OWNERS * CALLS_PER_OWNER;
    const started = performance.now();
    // As the runner's timer would, but every 5 ms rather than every 2 s: the figure is the queue's, not the timer's.
    while ((await doneCount(t)) < total) {
      await t.app.analysis.poll();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const seconds = (performance.now() - started) / 1000;
    return { jobsPerSecond: round(total / seconds), maxInFlight };
  } finally {
    await t.close();
    await fake.close();
  }
}

export const bench: Bench = {
  name: 'analysis',
  description: 'post-call analysis jobs a second against the fake model (SQLite, 4 owners × 50 calls, 8 per instance)',
  run: async () => {
    const rows: BenchRow[] = [];
    for (const perUser of [1, 2, 4]) {
      const { jobsPerSecond, maxInFlight } = await throughput(perUser, 50);
      rows.push({
        metric: `jobs/s, ${perUser} per owner, model 50 ms`,
        value: jobsPerSecond,
        unit: 'jobs/s',
        note: `at most ${maxInFlight} model calls at once (bound: min(8, 4 owners × ${perUser}))`,
      });
    }
    const instant = await throughput(2, 0);
    rows.push({
      metric: 'jobs/s, 2 per owner, instant model',
      value: instant.jobsPerSecond,
      unit: 'jobs/s',
      note: "the queue's own cost: claim, transcript, request, store",
    });
    rows.push(machineLoadRow());
    return rows;
  },
};

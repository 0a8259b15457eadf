/**
 * The analysis queue with several instances on one database (issue 21 part C): at most N of one
 * owner's jobs run at once over all instances, two instances never run the same job, and a job
 * claimed by an instance that died is picked up again once its lease has passed. The second
 * instance is a second AnalysisRunner on the same database, as another server would be. Runs on
 * PostgreSQL too (`npm run test:pg -- tests/server/analysis-runner.test.ts`).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AnalysisRunner } from '../../server/analysis/AnalysisRunner.js';
import { claimDueJobs } from '../../server/db/analysisClaims.js';
import type { FakeChatRequest } from '../fixtures/fakeOpenAIChat.js';
import { type AnalysisBed, startAnalysisBed } from '../helpers/analysisBed.js';
import { waitUntil } from '../helpers/waitUntil.js';

const PER_USER = 2;
const LEASE_MS = 60_000;
let bed: AnalysisBed;
beforeAll(async () => {
  bed = await startAnalysisBed({ perUser: PER_USER, concurrency: 10, leaseMs: LEASE_MS });
});
afterAll(() => bed.close());
beforeEach(() => bed.fake.reset());

/** Another instance: its own runner on the same database. */
function secondInstance(): AnalysisRunner {
  const { app } = bed.t;
  return new AnalysisRunner({
    db: app.db,
    clock: app.clock,
    secretBox: app.secretBox,
    config: app.config,
    realtime: app.realtime,
    log: app.log,
    analysis: app.config.analysis,
    webhookEvents: app.webhooks.events,
  });
}

/** The fake answers each analysis after `delayMs`, with the transcript's first line as its summary. */
function answerSlowly(delayMs: number, inFlight: { now: number; max: number }): void {
  bed.fake.reply = (request: FakeChatRequest) => {
    inFlight.now += 1;
    inFlight.max = Math.max(inFlight.max, inFlight.now);
    setTimeout(() => (inFlight.now -= 1), delayMs);
    const transcript = String(request.body.messages?.[1]?.content ?? '');
    return { delayMs, json: { summary: transcript.split('\n')[0] } };
  };
}

describe('several instances', () => {
  it(`run at most ${PER_USER} of one owner's jobs at once, and each job exactly once`, async () => {
    const owner = await bed.newOwner();
    const agent = await bed.agentWithAnalysis(owner);
    const other = await bed.newOwner();
    const otherAgent = await bed.agentWithAnalysis(other);
    const calls = [];
    for (let k = 0; k < 6; k += 1) calls.push(await bed.endCall(owner, agent, [`Call ${k}`]));
    const othersCall = await bed.endCall(other, otherAgent, ['Other owner']);
    const inFlight = { now: 0, max: 0 };
    answerSlowly(150, inFlight);

    const second = secondInstance();
    // Both instances poll over and over while the jobs run, as their timers would.
    const polls: Promise<number>[] = [];
    for (let round = 0; round < 20; round += 1) {
      polls.push(bed.t.app.analysis.poll(), second.poll());
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await Promise.all(polls);
    await Promise.all([bed.t.app.analysis.idle(), second.idle()]);
    await second.stop();

    // The owner's 6 ran 2 at a time; the other owner's ran beside them, not after them.
    expect(inFlight.max).toBe(PER_USER + 1);
    const summaries = bed.fake.requests.map((r) => String(r.body.messages?.[1]?.content).split('\n')[0]);
    expect(summaries.sort()).toEqual([...calls.map((_, k) => `Customer: Call ${k}`), 'Customer: Other owner'].sort());
    for (const [k, streamSid] of calls.entries())
      expect(await bed.analysis(owner, 'call', streamSid)).toMatchObject({
        status: 'done',
        attempts: 1,
        summary: `Customer: Call ${k}`,
      });
    expect(await bed.analysis(other, 'call', othersCall)).toMatchObject({ status: 'done' });
  });

  it("start another owner's job beside one owner's backlog, not after it", async () => {
    const busy = await bed.newOwner();
    const busyAgent = await bed.agentWithAnalysis(busy);
    for (let k = 0; k < 10; k += 1) await bed.endCall(busy, busyAgent, [`Backlog ${k}`]);
    bed.t.clock.advance(1000);
    const other = await bed.newOwner();
    const othersCall = await bed.endCall(other, await bed.agentWithAnalysis(other), ['Later call']);
    const claims = await claimDueJobs(bed.t.db, { now: bed.t.clock.now(), limit: 2, perUser: 1, leaseMs: LEASE_MS });
    expect(claims.map((claim) => claim.row.user_id).sort()).toEqual([busy.user.id, other.user.id].sort());
    expect(claims.some((claim) => claim.row.stream_sid === othersCall)).toBe(true);
    // Those two belong to an instance that died: the rest of the suite sees them done once leases pass.
    bed.fake.reply = () => ({ json: { summary: 'Drained.' } });
    bed.t.clock.advance(LEASE_MS + 1);
    while ((await bed.poll()) > 0);
  });

  it('pick up a job whose instance died once its lease has passed', async () => {
    const owner = await bed.newOwner();
    const streamSid = await bed.endCall(owner, await bed.agentWithAnalysis(owner), ['Hello']);
    // An instance claims it and dies: nothing ever stores its outcome.
    const [dead] = await claimDueJobs(bed.t.db, {
      now: bed.t.clock.now(),
      limit: 1,
      perUser: PER_USER,
      leaseMs: LEASE_MS,
    });
    expect(dead?.row.stream_sid).toBe(streamSid);
    expect(await bed.analysis(owner, 'call', streamSid)).toMatchObject({ status: 'running', attempts: 1 });

    bed.fake.enqueue({ json: { summary: 'Picked up again.' } });
    expect(await bed.poll()).toBe(0);
    bed.t.clock.advance(LEASE_MS + 1);
    expect(await bed.poll()).toBe(1);
    expect(await bed.analysis(owner, 'call', streamSid)).toMatchObject({
      status: 'done',
      attempts: 2,
      summary: 'Picked up again.',
    });
  });

  it('hand a job back untried when an instance stops in the middle of it', async () => {
    const owner = await bed.newOwner();
    const streamSid = await bed.endCall(owner, await bed.agentWithAnalysis(owner), ['Hello']);
    bed.fake.enqueue({ delayMs: 5_000, json: { summary: 'Too late.' } });
    const stopping = secondInstance();
    expect(await stopping.poll()).toBe(1);
    // Stopped while the model is answering.
    await waitUntil(() => bed.fake.requests.length === 1);
    await stopping.stop();
    expect(await bed.analysis(owner, 'call', streamSid)).toMatchObject({ status: 'pending', attempts: 0 });
    bed.fake.reset();
    bed.fake.enqueue({ json: { summary: 'On the next instance.' } });
    expect(await bed.poll()).toBe(1);
    expect(await bed.analysis(owner, 'call', streamSid)).toMatchObject({
      status: 'done',
      summary: 'On the next instance.',
    });
  });
});

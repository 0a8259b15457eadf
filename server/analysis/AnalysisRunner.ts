/**
 * The analysis jobs of one app instance (issue 21 part C). Every `pollMs` it claims due jobs from
 * the database queue (db/analysisJobs.ts) up to its free slots, never more than `perUser` of one
 * owner running over all instances, runs each (runAnalysis.ts) and stores the outcome; the owner's
 * consoles hear of each change. A job survives anything that happens to an instance: a stopping
 * instance hands its jobs back, and one that died holds them only until their lease passes.
 *
 * A small table-based runner rather than pg-boss: pg-boss (10.x on Node 20) is PostgreSQL only,
 * and SQLite (the default database) would need a runner of its own anyway. One runner on the
 * existing database layer serves both with the same SQL and the same tests.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AnalysisStatus } from '../../shared/types/analysis.js';
import type { Clock } from '../core/types.js';
import { type ClaimedJob, claimDueJobs, failJob, finishJob, releaseJob } from '../db/analysisClaims.js';
import type { ConnectionRegistry } from '../realtime/ConnectionRegistry.js';
import type { WebhookEvents } from '../webhooks/WebhookEvents.js';
import type { AnalysisConfig } from './analysisConfig.js';
import { type RunAnalysisDeps, runAnalysis } from './runAnalysis.js';

export interface AnalysisRunnerDeps extends Omit<RunAnalysisDeps, 'model' | 'requestTimeoutMs'> {
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  realtime: Pick<ConnectionRegistry, 'sendToUser'>;
  analysis: AnalysisConfig;
  /** Announces finished analyses to the owner's webhooks (issue 22). */
  webhookEvents: Pick<WebhookEvents, 'analysisReady'>;
}

export class AnalysisRunner {
  readonly #deps: AnalysisRunnerDeps;
  readonly #running = new Map<string, { claim: ClaimedJob; done: Promise<void> }>();
  readonly #stop = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #polling: Promise<number> | null = null;

  constructor(deps: AnalysisRunnerDeps) {
    this.#deps = deps;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.poll(), this.#deps.analysis.pollMs);
    this.#timer.unref();
  }

  /** Claims and starts what is due now; a poll already under way is joined. Resolves with how many it started. */
  poll(): Promise<number> {
    if (this.#stop.signal.aborted) return Promise.resolve(0);
    this.#polling ??= this.#claim()
      .catch((error: unknown) => {
        this.#deps.log.error({ err: error }, 'could not claim analysis jobs');
        return 0;
      })
      .finally(() => (this.#polling = null));
    return this.#polling;
  }

  /** Waits for the jobs this instance runs now (tests, the bench). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running.values()].map((job) => job.done));
  }

  get runningHere(): number {
    return this.#running.size;
  }

  /** Stops claiming, abandons the calls under way and hands their jobs back untried. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stop.abort();
    await this.#polling;
    await Promise.all([...this.#running.values()].map((job) => job.done));
  }

  async #claim(): Promise<number> {
    const { db, clock, analysis } = this.#deps;
    const free = analysis.concurrency - this.#running.size;
    const claims = await claimDueJobs(db, {
      now: clock(),
      limit: free,
      perUser: analysis.perUser,
      leaseMs: analysis.leaseMs,
    });
    for (const claim of claims) {
      const done = this.#run(claim).finally(() => this.#running.delete(claim.row.id));
      this.#running.set(claim.row.id, { claim, done });
    }
    return claims.length;
  }

  async #run(claim: ClaimedJob): Promise<void> {
    const { db, clock, log, analysis } = this.#deps;
    const { row } = claim;
    this.#announce(claim, 'running');
    try {
      const outcome = await runAnalysis(
        { ...this.#deps, model: analysis.model, requestTimeoutMs: analysis.requestTimeoutMs },
        row,
        this.#stop.signal,
      );
      if (this.#stop.signal.aborted) {
        await releaseJob(db, claim, clock());
        return;
      }
      const now = clock();
      let status: AnalysisStatus;
      if (outcome.type === 'done') {
        status = 'done';
        if (!(await finishJob(db, claim, outcome.results, now))) return;
        // Only the claim's holder gets here, once per run of the analysis.
        await this.#deps.webhookEvents
          .analysisReady({ ...row, ...outcome.results, status: 'done', error: null, finished_at: now, updated_at: now })
          .catch((error: unknown) => log.error({ err: error, jobId: row.id }, 'could not queue an analysis webhook'));
      } else {
        const retryAt = outcome.type === 'retry' ? this.#retryAt(row.attempts, outcome.retryAfterMs, now) : null;
        const error =
          outcome.type === 'retry' && retryAt === null
            ? `Gave up after ${row.attempts} attempts: ${outcome.error}`
            : outcome.error;
        status = retryAt === null ? 'failed' : 'pending';
        if (!(await failJob(db, claim, error, retryAt, now))) return;
      }
      this.#announce(claim, status);
    } catch (error) {
      // Stopping can break a job off anywhere (a query, the request before it is sent): hand it back.
      if (this.#stop.signal.aborted) {
        await releaseJob(db, claim, clock()).catch(() => undefined);
        return;
      }
      // A bug or a database failure: the job stays claimed and is picked up again after its lease.
      log.error({ err: error, jobId: row.id }, 'an analysis job failed unexpectedly');
    }
  }

  /** Exponential backoff from backoffMs, or longer when the provider asked; null once attempts run out. */
  #retryAt(attempts: number, retryAfterMs: number | null, now: number): number | null {
    const { maxAttempts, backoffMs, maxBackoffMs } = this.#deps.analysis;
    if (attempts >= maxAttempts) return null;
    const wait = Math.min(maxBackoffMs, backoffMs * 2 ** (attempts - 1));
    return now + Math.max(wait, retryAfterMs ?? 0);
  }

  #announce(claim: ClaimedJob, status: AnalysisStatus): void {
    const { row } = claim;
    const id = (row.kind === 'call' ? row.stream_sid : row.conversation_id) ?? '';
    this.#deps.realtime.sendToUser(row.user_id, { type: 'analysis.updated', kind: row.kind, id, status });
  }
}

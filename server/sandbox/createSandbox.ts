import { FairQueue } from '../core/FairQueue.js';
import { SANDBOX_MESSAGES } from './messages.js';
import { type JobOutcome, SandboxWorker } from './SandboxWorker.js';
import { SandboxWorkerError } from './SandboxWorkerError.js';
import { resolveSandboxLimits } from './sandboxDefaults.js';
import { checkResult, ownerOf, recycles, runResult, toCheckJob, toRunJob } from './sandboxJobs.js';
import type {
  Sandbox,
  SandboxOptions,
  SandboxResult,
  SandboxRunRequest,
  ToolCheckRequest,
  ToolCheckResult,
} from './types.js';
import type { SandboxWorkerData, WorkerJob } from './workerProtocol.js';

interface Queued {
  job: WorkerJob;
  settle(outcome: JobOutcome): void;
}

/**
 * The tool sandbox: a pool of worker threads that run handler code in QuickJS, started on
 * demand and replaced when one crashes, hits an engine limit or outlives its deadline. Jobs
 * beyond the pool wait in a bounded queue. Each owner (user) has a fair share: at most
 * `maxCallsPerOwner` jobs running and waiting, at most poolSize - 1 of them running (at least 1),
 * and waiting owners are served in turn, so one user flooding the pool with calls that never end
 * cannot keep another user's call waiting (issue 7, finding 4). See README.md beside this file.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const limits = resolveSandboxLimits(options);
  const runningPerOwner = Math.max(1, limits.poolSize - 1);
  const data: SandboxWorkerData = {
    limits: {
      memoryLimitBytes: limits.memoryLimitBytes,
      maxStackBytes: limits.maxStackBytes,
      maxLogLines: limits.maxLogLines,
      maxLogBytes: limits.maxLogBytes,
      maxResultBytes: limits.maxResultBytes,
      maxRunsPerWorker: limits.maxRunsPerWorker,
      fetch: limits.fetch,
    },
  };
  const workers = new Set<SandboxWorker>();
  const idle: SandboxWorker[] = [];
  const queue = new FairQueue<Queued>();
  const running = new Map<string, number>();
  let closed = false;

  const runningOf = (owner: string) => running.get(owner) ?? 0;
  const mayStart = (owner: string) => runningOf(owner) < runningPerOwner;
  const lost = (error: string): JobOutcome => ({ kind: 'lost', error, durationMs: 0, timedOut: false });

  const events = {
    ready(worker: SandboxWorker) {
      idle.push(worker);
      pump();
    },
    exit(worker: SandboxWorker, wasReady: boolean) {
      workers.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      // A thread that dies before it is ready fails one waiting job, so a broken start cannot loop forever.
      if (!wasReady) queue.take()?.item.settle(lost(SANDBOX_MESSAGES.workerFailed));
      pump();
    },
    failed(error: SandboxWorkerError) {
      try {
        options.onWorkerError?.(error);
      } catch {
        // A throwing logger must not take the pool (or, from a thread event, the process) down.
      }
    },
  };

  /** Waiting jobs that could start now if there were workers, given each owner's running share. */
  function startable(): number {
    let count = 0;
    for (const [owner, waiting] of queue.owners()) count += Math.min(waiting, runningPerOwner - runningOf(owner));
    return count;
  }

  function pump(): void {
    if (closed) return;
    for (let worker = idle.at(-1); worker !== undefined; worker = idle.at(-1)) {
      const next = queue.take(mayStart);
      if (!next) break;
      idle.pop();
      dispatch(worker, next.owner, next.item);
    }
    let starting = [...workers].filter((worker) => worker.starting).length;
    while (startable() > starting && workers.size < limits.poolSize) {
      try {
        workers.add(new SandboxWorker(data, limits.watchdogGraceMs, events));
      } catch (error) {
        // Thread creation itself failed (e.g. out of threads): answer one waiting job rather than throw.
        const message = error instanceof Error ? error.message : String(error);
        events.failed(
          new SandboxWorkerError('start_failed', `Tool sandbox worker could not start: ${message}`, { cause: error }),
        );
        queue.take()?.item.settle(lost(SANDBOX_MESSAGES.workerFailed));
        continue;
      }
      starting += 1;
    }
  }

  function dispatch(worker: SandboxWorker, owner: string, queued: Queued): void {
    running.set(owner, runningOf(owner) + 1);
    void worker.run(queued.job).then((outcome) => {
      if (runningOf(owner) > 1) running.set(owner, runningOf(owner) - 1);
      else running.delete(owner);
      queued.settle(outcome);
      if (recycles(outcome) || closed) {
        workers.delete(worker);
        void worker.terminate();
      } else idle.push(worker);
      pump();
    });
  }

  function enqueue(owner: string, job: WorkerJob, settle: (outcome: JobOutcome) => void): void {
    if (closed) settle(lost(SANDBOX_MESSAGES.closed));
    else if (queue.size >= limits.maxQueue) settle(lost(SANDBOX_MESSAGES.busy));
    else if (runningOf(owner) + queue.waiting(owner) >= limits.maxCallsPerOwner) {
      settle(lost(SANDBOX_MESSAGES.ownerBusy(limits.maxCallsPerOwner)));
    } else {
      queue.push(owner, { job, settle });
      pump();
    }
  }

  return {
    run(request: SandboxRunRequest): Promise<SandboxResult> {
      const job = toRunJob(request, limits.timeoutMs);
      if (typeof job === 'string') return Promise.resolve(runResult(lost(job)));
      return new Promise((resolve) => enqueue(ownerOf(request), job, (outcome) => resolve(runResult(outcome))));
    },
    check(request: ToolCheckRequest): Promise<ToolCheckResult> {
      const job = toCheckJob(request, limits.timeoutMs);
      if (!('type' in job)) return Promise.resolve(job);
      return new Promise((resolve) =>
        enqueue(ownerOf(request), job, (outcome) => resolve(checkResult(outcome, limits.timeoutMs))),
      );
    },
    async close(): Promise<void> {
      closed = true;
      for (const queued of queue.drain()) queued.settle(lost(SANDBOX_MESSAGES.closed));
      const all = [...workers];
      workers.clear();
      idle.length = 0;
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}

import { SANDBOX_MESSAGES, failedResult } from './messages.js';
import type { RunJob } from './runHandler.js';
import { resolveSandboxLimits } from './sandboxDefaults.js';
import { SandboxWorker } from './SandboxWorker.js';
import { SandboxWorkerError } from './SandboxWorkerError.js';
import type { Sandbox, SandboxOptions, SandboxResult, SandboxRunRequest } from './types.js';
import type { SandboxWorkerData } from './workerProtocol.js';

interface Queued {
  job: RunJob;
  resolve(result: SandboxResult): void;
}

/**
 * The tool sandbox: a pool of worker threads that run handler code in QuickJS, started on
 * demand and replaced when one crashes, hits an engine limit or outlives its deadline. Calls
 * beyond the pool wait in a bounded queue. See README.md beside this file for the handler contract.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const limits = resolveSandboxLimits(options);
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
  const queue: Queued[] = [];
  let closed = false;

  const events = {
    ready(worker: SandboxWorker) {
      idle.push(worker);
      pump();
    },
    exit(worker: SandboxWorker, wasReady: boolean) {
      workers.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      // A thread that dies before it is ready fails one waiting call, so a broken start cannot loop forever.
      if (!wasReady) queue.shift()?.resolve(failedResult(SANDBOX_MESSAGES.workerFailed));
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

  function pump(): void {
    if (closed) return;
    while (queue.length > 0 && idle.length > 0) dispatch(idle.pop()!, queue.shift()!);
    let starting = [...workers].filter((worker) => worker.starting).length;
    while (queue.length > starting && workers.size < limits.poolSize) {
      try {
        workers.add(new SandboxWorker(data, limits.watchdogGraceMs, events));
      } catch (error) {
        // Thread creation itself failed (e.g. out of threads): answer one waiting call rather than throw.
        const message = error instanceof Error ? error.message : String(error);
        events.failed(new SandboxWorkerError('start_failed', `Tool sandbox worker could not start: ${message}`, { cause: error }));
        queue.shift()?.resolve(failedResult(SANDBOX_MESSAGES.workerFailed));
        continue;
      }
      starting += 1;
    }
  }

  function dispatch(worker: SandboxWorker, queued: Queued): void {
    void worker.run(queued.job).then((outcome) => {
      queued.resolve(outcome.result);
      if (outcome.recycle || closed) {
        workers.delete(worker);
        void worker.terminate();
      } else idle.push(worker);
      pump();
    });
  }

  return {
    run(request: SandboxRunRequest): Promise<SandboxResult> {
      if (closed) return Promise.resolve(failedResult(SANDBOX_MESSAGES.closed));
      const job = toJob(request, limits.timeoutMs);
      if (typeof job === 'string') return Promise.resolve(failedResult(job));
      if (queue.length >= limits.maxQueue) return Promise.resolve(failedResult(SANDBOX_MESSAGES.busy));
      return new Promise<SandboxResult>((resolve) => {
        queue.push({ job, resolve });
        pump();
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const queued of queue.splice(0)) queued.resolve(failedResult(SANDBOX_MESSAGES.closed));
      const all = [...workers];
      workers.clear();
      idle.length = 0;
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}

/** Copies the request into plain JSON for the worker; a string is the reason it cannot run. */
function toJob(request: SandboxRunRequest, defaultTimeoutMs: number): RunJob | string {
  if (typeof request.code !== 'string') return SANDBOX_MESSAGES.noHandler;
  const argsJson = jsonOrNull(request.args === undefined ? {} : request.args);
  if (argsJson === null) return SANDBOX_MESSAGES.argsNotJson;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.values ?? {})) if (typeof value === 'string') values[name] = value;
  const timeoutMs =
    typeof request.timeoutMs === 'number' && Number.isFinite(request.timeoutMs) && request.timeoutMs > 0 ? request.timeoutMs : defaultTimeoutMs;
  const job: RunJob = { code: request.code, argsJson, valuesJson: JSON.stringify(values), timeoutMs };
  if (request.parameters === undefined) return job;
  const parametersJson = typeof request.parameters === 'string' ? request.parameters : jsonOrNull(request.parameters);
  // An object that is not JSON still means "check the arguments": never run the handler unchecked.
  return parametersJson === null ? SANDBOX_MESSAGES.parametersNotJson : { ...job, parametersJson };
}

function jsonOrNull(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

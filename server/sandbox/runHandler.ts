import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { createGuardedFetch } from '../net/outboundGuard.js';
import { FetchBridge } from './FetchBridge.js';
import { GuestCall } from './GuestCall.js';
import { GuestFailure } from './guestErrors.js';
import { LogCollector } from './LogCollector.js';
import { failedResult, SANDBOX_MESSAGES } from './messages.js';
import { argumentsError } from './parameterSchemas.js';
import type { SandboxFetchOptions, SandboxResult } from './types.js';

export interface RunJob {
  code: string;
  argsJson: string;
  valuesJson: string;
  timeoutMs: number;
  /** The tool's parameters schema as JSON text; absent when the caller checks nothing. */
  parametersJson?: string;
}

export interface GuestLimits {
  memoryLimitBytes: number;
  maxStackBytes: number;
  maxLogLines: number;
  maxLogBytes: number;
  maxResultBytes: number;
  fetch?: SandboxFetchOptions;
}

export interface RunOutcome {
  result: SandboxResult;
  /** The engine hit a limit or failed to tear down: replace this worker. */
  recycle: boolean;
}

/**
 * Runs one handler call in a fresh QuickJS runtime and context (inside a worker thread). The
 * arguments are checked against the parameters schema first, here in the worker's own Node
 * context: Ajv's regular expressions cannot be interrupted, but the host's watchdog can end the
 * thread. The interrupt handler enforces the deadline on guest CPU; the job loop enforces it on waiting.
 */
export async function runHandler(quickjs: QuickJSWASMModule, job: RunJob, limits: GuestLimits): Promise<RunOutcome> {
  const started = performance.now();
  const problem =
    job.parametersJson === undefined ? null : argumentsError(job.parametersJson, JSON.parse(job.argsJson));
  // Like a call that never reached the handler: no logs, no duration.
  if (problem) return { result: failedResult(problem), recycle: false };
  // The operator's deadline is the handler's: it starts once the arguments are checked, so a cold
  // worker compiling the schema does not eat it (the host's watchdog bounds the check itself).
  const deadline = Date.now() + job.timeoutMs;
  const logs = new LogCollector(limits.maxLogLines, limits.maxLogBytes);
  const runtime = quickjs.newRuntime({
    memoryLimitBytes: limits.memoryLimitBytes,
    maxStackSizeBytes: limits.maxStackBytes,
    interruptHandler: () => Date.now() >= deadline,
  });
  const context = runtime.newContext();
  const bridge = new FetchBridge(context, createGuardedFetch(limits.fetch));
  const call = new GuestCall(context, runtime, bridge, logs, { ...job, deadline, ...limits });

  let output: unknown = null;
  let error: string | null = null;
  let recycle = false;
  try {
    output = await call.execute();
  } catch (failure) {
    const known = failure instanceof GuestFailure;
    error = known ? failure.message : SANDBOX_MESSAGES.workerFailed;
    recycle = known ? failure.recycle : true;
  }
  try {
    call.dispose();
    bridge.close();
    context.dispose();
    runtime.dispose();
  } catch {
    recycle = true;
  }
  const durationMs = Math.round((performance.now() - started) * 100) / 100;
  return {
    result: { success: error === null, output: error === null ? output : null, logs: logs.lines(), durationMs, error },
    recycle,
  };
}

/**
 * Requests into plain JSON jobs for a worker, and a job's outcome into what the caller gets.
 * Values cross the thread boundary only as JSON text.
 */
import { failedResult, SANDBOX_MESSAGES } from './messages.js';
import type { JobOutcome } from './SandboxWorker.js';
import type { SandboxResult, SandboxRunRequest, ToolCheckRequest, ToolCheckResult } from './types.js';
import type { WorkerJob } from './workerProtocol.js';

/** The owner key of calls that name none: they share one fair share. */
const ANONYMOUS = '';

export function ownerOf(request: { owner?: string }): string {
  return typeof request.owner === 'string' ? request.owner : ANONYMOUS;
}

/** The run job for a request; a string is the reason it cannot run. */
export function toRunJob(request: SandboxRunRequest, defaultTimeoutMs: number): WorkerJob | string {
  if (typeof request.code !== 'string') return SANDBOX_MESSAGES.noHandler;
  const argsJson = jsonOrNull(request.args === undefined ? {} : request.args);
  if (argsJson === null) return SANDBOX_MESSAGES.argsNotJson;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.values ?? {})) if (typeof value === 'string') values[name] = value;
  const timeoutMs =
    typeof request.timeoutMs === 'number' && Number.isFinite(request.timeoutMs) && request.timeoutMs > 0
      ? request.timeoutMs
      : defaultTimeoutMs;
  const job: WorkerJob = { type: 'run', code: request.code, argsJson, valuesJson: JSON.stringify(values), timeoutMs };
  if (request.parameters === undefined) return job;
  const parametersJson = typeof request.parameters === 'string' ? request.parameters : jsonOrNull(request.parameters);
  // An object that is not JSON still means "check the arguments": never run the handler unchecked.
  return parametersJson === null ? SANDBOX_MESSAGES.parametersNotJson : { ...job, parametersJson };
}

/** The check job for a request; a result when there is nothing a worker needs to do. */
export function toCheckJob(request: ToolCheckRequest, timeoutMs: number): WorkerJob | ToolCheckResult {
  const parametersJson = request.parameters === undefined ? undefined : jsonOrNull(request.parameters);
  if (parametersJson === null) return { status: 'checked', parameters: 'parameters: must be JSON', handlerCode: null };
  const code = typeof request.code === 'string' ? request.code : undefined;
  if (parametersJson === undefined && code === undefined)
    return { status: 'checked', parameters: null, handlerCode: null };
  return {
    type: 'check',
    timeoutMs,
    ...(parametersJson === undefined ? {} : { parametersJson }),
    ...(code === undefined ? {} : { code }),
  };
}

export function runResult(outcome: JobOutcome): SandboxResult {
  if (outcome.kind === 'lost') return failedResult(outcome.error, outcome.durationMs);
  return outcome.reply.type === 'result' ? outcome.reply.result : failedResult(SANDBOX_MESSAGES.workerFailed);
}

export function checkResult(outcome: JobOutcome, timeoutMs: number): ToolCheckResult {
  if (outcome.kind === 'lost') {
    return {
      status: 'unavailable',
      error: outcome.timedOut ? SANDBOX_MESSAGES.checkTimedOut(timeoutMs) : outcome.error,
    };
  }
  if (outcome.reply.type !== 'checked') return { status: 'unavailable', error: SANDBOX_MESSAGES.workerFailed };
  return {
    status: 'checked',
    parameters: outcome.reply.check.parameters,
    handlerCode: outcome.reply.check.handlerCode,
  };
}

/** Whether the worker asked to be replaced after this job (a lost job always replaces it). */
export function recycles(outcome: JobOutcome): boolean {
  return outcome.kind === 'lost' || outcome.reply.recycle;
}

function jsonOrNull(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

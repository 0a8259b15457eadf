import type { CheckJob, ToolCheck } from './checkTool.js';
import type { GuestLimits, RunJob } from './runHandler.js';
import type { SandboxResult } from './types.js';

/** Host → worker: one handler call. A worker does one job at a time. */
export interface RunMessage extends RunJob {
  type: 'run';
  id: number;
}

/** Host → worker: check a tool before it is saved (schema compile, handler compile-only). */
export interface CheckMessage extends CheckJob {
  type: 'check';
  id: number;
}

/** What the host sends for one job, without its id. */
export type WorkerJob = Omit<RunMessage, 'id'> | Omit<CheckMessage, 'id'>;

/** The worker's answer to one job; `recycle` asks the host to replace the worker. */
export type JobReply =
  | { type: 'result'; id: number; result: SandboxResult; recycle: boolean }
  | { type: 'checked'; id: number; check: ToolCheck; recycle: boolean };

/** Worker → host. */
export type WorkerMessage = { type: 'ready' } | JobReply;

export interface SandboxWorkerData {
  limits: GuestLimits & { maxRunsPerWorker: number };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

/** The fields every job message has: its type, its id and its deadline. */
function isJob(value: unknown, type: string): value is Record<string, unknown> {
  return isRecord(value) && value.type === type && typeof value.id === 'number' && typeof value.timeoutMs === 'number';
}

export function isRunMessage(value: unknown): value is RunMessage {
  return (
    isJob(value, 'run') &&
    typeof value.code === 'string' &&
    typeof value.argsJson === 'string' &&
    typeof value.valuesJson === 'string' &&
    optionalString(value.parametersJson)
  );
}

export function isCheckMessage(value: unknown): value is CheckMessage {
  return isJob(value, 'check') && optionalString(value.code) && optionalString(value.parametersJson);
}

function isSandboxResult(value: unknown): value is SandboxResult {
  return (
    isRecord(value) &&
    typeof value.success === 'boolean' &&
    Array.isArray(value.logs) &&
    value.logs.every((line) => typeof line === 'string') &&
    typeof value.durationMs === 'number' &&
    (value.error === null || typeof value.error === 'string')
  );
}

const numberOrNull = (value: unknown) => value === null || typeof value === 'number';

function isToolCheck(value: unknown): value is ToolCheck {
  if (!isRecord(value) || !(value.parameters === null || typeof value.parameters === 'string')) return false;
  const code = value.handlerCode;
  return (
    code === null ||
    (isRecord(code) && typeof code.message === 'string' && numberOrNull(code.line) && numberOrNull(code.column))
  );
}

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  if (!isRecord(value)) return false;
  if (value.type === 'ready') return true;
  if (typeof value.id !== 'number' || typeof value.recycle !== 'boolean') return false;
  return (
    (value.type === 'result' && isSandboxResult(value.result)) || (value.type === 'checked' && isToolCheck(value.check))
  );
}

export function isSandboxWorkerData(value: unknown): value is SandboxWorkerData {
  if (!isRecord(value) || !isRecord(value.limits)) return false;
  const limits = value.limits;
  return [
    'memoryLimitBytes',
    'maxStackBytes',
    'maxLogLines',
    'maxLogBytes',
    'maxResultBytes',
    'maxRunsPerWorker',
  ].every((key) => typeof limits[key] === 'number');
}

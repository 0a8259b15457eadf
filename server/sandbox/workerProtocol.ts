import type { GuestLimits, RunJob } from './runHandler.js';
import type { SandboxResult } from './types.js';

/** Host → worker: one call. A worker runs one at a time. */
export interface RunMessage extends RunJob {
  type: 'run';
  id: number;
}

/** Worker → host. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: SandboxResult; recycle: boolean };

export interface SandboxWorkerData {
  limits: GuestLimits & { maxRunsPerWorker: number };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isRunMessage(value: unknown): value is RunMessage {
  return (
    isRecord(value) &&
    value.type === 'run' &&
    typeof value.id === 'number' &&
    typeof value.code === 'string' &&
    typeof value.argsJson === 'string' &&
    typeof value.valuesJson === 'string' &&
    typeof value.timeoutMs === 'number' &&
    (value.parametersJson === undefined || typeof value.parametersJson === 'string')
  );
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

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  if (!isRecord(value)) return false;
  if (value.type === 'ready') return true;
  return value.type === 'result' && typeof value.id === 'number' && typeof value.recycle === 'boolean' && isSandboxResult(value.result);
}

export function isSandboxWorkerData(value: unknown): value is SandboxWorkerData {
  if (!isRecord(value) || !isRecord(value.limits)) return false;
  const limits = value.limits;
  return ['memoryLimitBytes', 'maxStackBytes', 'maxLogLines', 'maxLogBytes', 'maxResultBytes', 'maxRunsPerWorker'].every(
    (key) => typeof limits[key] === 'number',
  );
}

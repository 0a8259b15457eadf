import { cpus } from 'node:os';
import type { SandboxOptions } from './types.js';

/** The numbers, resolved; `fetch` stays optional and the `onWorkerError` callback is not a limit. */
export type SandboxLimits = Required<Omit<SandboxOptions, 'fetch' | 'onWorkerError'>> & Pick<SandboxOptions, 'fetch'>;

export const SANDBOX_DEFAULTS = {
  maxQueue: 100,
  maxCallsPerOwner: 20,
  timeoutMs: 5000,
  watchdogGraceMs: 1000,
  memoryLimitBytes: 32 * 1024 * 1024,
  maxStackBytes: 256 * 1024,
  maxLogLines: 200,
  maxLogBytes: 64 * 1024,
  maxResultBytes: 256 * 1024,
  maxRunsPerWorker: 500,
} as const;

export function resolveSandboxLimits(options: SandboxOptions = {}): SandboxLimits {
  const pick = <K extends keyof typeof SANDBOX_DEFAULTS>(key: K): number =>
    positive(options[key]) ?? SANDBOX_DEFAULTS[key];
  return {
    poolSize: Math.max(1, Math.floor(positive(options.poolSize) ?? Math.min(2, cpus().length))),
    maxQueue: pick('maxQueue'),
    maxCallsPerOwner: pick('maxCallsPerOwner'),
    timeoutMs: pick('timeoutMs'),
    watchdogGraceMs: pick('watchdogGraceMs'),
    memoryLimitBytes: pick('memoryLimitBytes'),
    maxStackBytes: pick('maxStackBytes'),
    maxLogLines: pick('maxLogLines'),
    maxLogBytes: pick('maxLogBytes'),
    maxResultBytes: pick('maxResultBytes'),
    maxRunsPerWorker: pick('maxRunsPerWorker'),
    fetch: options.fetch,
  };
}

function positive(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

import { formatBytes } from '../../shared/format.js';
import type { SandboxResult } from './types.js';

/** Error texts a handler author sees in the Test panel or a tool call's output. */
export const SANDBOX_MESSAGES = {
  noHandler: 'Handler code must define async function handler(args, { values })',
  notJson: 'Handler result must be JSON-serialisable',
  resultTooLarge: (limit: number) => `Result is too large (limit ${formatBytes(limit)} of JSON)`,
  timedOut: (ms: number) => `Handler timed out after ${ms} ms`,
  outOfMemory: (limit: number) => `Handler ran out of memory (limit ${formatBytes(limit)})`,
  stackOverflow: 'Handler exceeded the maximum call stack size',
  argsNotJson: 'Tool arguments must be JSON-serialisable',
  parametersNotJson: "The tool's parameters schema is invalid: it is not JSON-serialisable",
  busy: 'The tool sandbox is busy, try again shortly',
  ownerBusy: (max: number) => `Too many of your tool calls are running or waiting (at most ${max}), try again shortly`,
  checkTimedOut: (ms: number) =>
    `The tool could not be checked within ${ms} ms: simplify its parameters or handler code`,
  closed: 'The tool sandbox is shut down',
  workerFailed: 'The tool sandbox failed while running the handler',
  logsTruncated: '[logs truncated]',
} as const;

/** A result for a call that failed before or outside the guest. */
export function failedResult(error: string, durationMs = 0): SandboxResult {
  return { success: false, output: null, logs: [], durationMs, error };
}

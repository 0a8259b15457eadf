import type { ToolTestResult } from '../../shared/types/tool.js';
import type { OutboundGuardOptions } from '../net/outboundGuard.js';
import type { SandboxWorkerError } from './SandboxWorkerError.js';

/** What one handler run returns; the same shape as the editor's Test panel answer. */
export type SandboxResult = ToolTestResult;

export interface SandboxRunRequest {
  /**
   * Whose call this is (the tool owner's user id). Each owner gets a fair share of the pool: a
   * bounded number of calls running and waiting, served in turn with other owners. Calls without
   * an owner share one anonymous owner's share.
   */
  owner?: string;
  /** Source that defines `async function handler(args, { values })`. */
  code: string;
  /** The tool call's arguments; copied as JSON, and checked against `parameters` when given. */
  args: unknown;
  /** The owner's custom values, name → value; the guest sees a frozen copy. */
  values: Readonly<Record<string, string>>;
  /** Overrides the sandbox's default deadline for this call. */
  timeoutMs?: number;
  /**
   * The tool's parameters JSON Schema, as stored (JSON text) or as an object. When given, the
   * worker checks `args` against it before the handler code is evaluated, so a schema `pattern`
   * that backtracks for hours on hostile arguments runs under the call's deadline and watchdog,
   * never on the API's event loop. A mismatch answers 'Invalid arguments (<field>: <problem>)'.
   */
  parameters?: string | object;
}

/** A tool about to be saved: its parameters schema and handler code, each checked when given. */
export interface ToolCheckRequest {
  /** As in SandboxRunRequest: the check takes its turn in the owner's fair share. */
  owner?: string;
  /** The parameters JSON Schema (an object from a request body). */
  parameters?: unknown;
  /** The handler code, compiled (never run) by the same engine that runs it. */
  code?: string;
}

/** Where and why handler code does not compile; line and column are 1-based, null when unknown. */
export interface HandlerCodeProblem {
  message: string;
  line: number | null;
  column: number | null;
}

export type ToolCheckResult =
  /** `parameters` is the 400 text naming the field, or null; `handlerCode` the compile error, or null. */
  | { status: 'checked'; parameters: string | null; handlerCode: HandlerCodeProblem | null }
  /** The check could not run: the sandbox is busy, shut down, or the check ran past its deadline. */
  | { status: 'unavailable'; error: string };

/** The guard options a handler's `fetch` gets; plain data because they are sent to the worker threads. */
export type SandboxFetchOptions = Omit<OutboundGuardOptions, 'resolve'>;

export interface SandboxOptions {
  /** Worker threads; default min(2, available cores). */
  poolSize?: number;
  /** Calls waiting for a free worker before new ones are refused; default 100. */
  maxQueue?: number;
  /**
   * Calls of one owner running and waiting together before that owner's next call is refused;
   * default 20. One owner also runs at most poolSize - 1 calls at once (at least 1), so with two
   * or more workers one is always left for the others, however one owner floods.
   */
  maxCallsPerOwner?: number;
  /** Deadline for one call, evaluation to result, fetches included; default 5000. */
  timeoutMs?: number;
  /** Extra wall-clock time the host grants before it terminates a worker that ignores the deadline; default 1000. */
  watchdogGraceMs?: number;
  /** QuickJS heap limit per call; default 32 MB. */
  memoryLimitBytes?: number;
  /** QuickJS stack limit; default 256 KB (more overflowed Node's own stack, see TOOLCHAIN.md). */
  maxStackBytes?: number;
  /** Captured console output per call; default 200 lines / 64 KB, then '[logs truncated]'. */
  maxLogLines?: number;
  maxLogBytes?: number;
  /** Size of the result as JSON; default 256 KB. */
  maxResultBytes?: number;
  /** A worker is replaced after this many calls, so WebAssembly memory never only grows; default 500. */
  maxRunsPerWorker?: number;
  /** Outbound guard for the handler's `fetch`: per call 10 requests, 1 MB each, 10 s each by default. */
  fetch?: SandboxFetchOptions;
  /**
   * Hears about every lost worker thread, for the operator's log: a crash, an exit nobody asked
   * for, a thread that could not start, or the watchdog giving up on a call (`reason` says which,
   * the message says it for people). The call involved is answered as usual either way.
   */
  onWorkerError?: (error: SandboxWorkerError) => void;
}

export interface Sandbox {
  /** Runs handler code; never rejects: every failure is a result with `success: false` and `error`. */
  run(request: SandboxRunRequest): Promise<SandboxResult>;
  /** Checks a tool's parameters schema and handler code in a worker, off the API's thread; never rejects. */
  check(request: ToolCheckRequest): Promise<ToolCheckResult>;
  /** Stops all workers; pending and queued calls end with an error. */
  close(): Promise<void>;
}

/**
 * The app's one tool sandbox (a worker-thread pool running QuickJS, see server/sandbox/), created
 * by buildApp from the config and closed with the app (its Fastify decoration is declared in
 * server/appTypes.ts). Route files and the engines reach it as `app.sandbox`, usually through runTool.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { McpClientOptions } from '../mcp/McpClient.js';
import type { SandboxWorkerError } from '../sandbox/SandboxWorkerError.js';
import type { SandboxOptions } from '../sandbox/types.js';

/** SANDBOX_TIMEOUT_MS per call, SANDBOX_WORKERS threads, SANDBOX_MEMORY_MB heap per call, SANDBOX_USER_CALLS calls of one user running and waiting. */
export interface SandboxSettings {
  timeoutMs: number;
  workers: number;
  memoryMb: number;
  callsPerUser: number;
}

/**
 * SANDBOX_TIMEOUT_MS, SANDBOX_WORKERS, SANDBOX_MEMORY_MB and SANDBOX_USER_CALLS as the sandbox's
 * options, and OUTBOUND_ALLOW for the handlers' fetch (the crawler reads the same list).
 *
 * Several instances (issue 12): the per-user cap stays per instance by design, so one user has at
 * most instances × SANDBOX_USER_CALLS tool calls running and waiting in all. What the cap protects
 * is this process's worker threads (one user's calls must not starve everyone else's here), and
 * each instance has its own; sharing the count through the database would add a round trip to
 * every tool call of a phone conversation without protecting any worker better. README "Running
 * several instances".
 */
export function sandboxOptions(config: { sandbox: SandboxSettings; outboundAllow?: string[] }): SandboxOptions {
  const allow = config.outboundAllow ?? [];
  return {
    timeoutMs: config.sandbox.timeoutMs,
    poolSize: config.sandbox.workers,
    memoryLimitBytes: config.sandbox.memoryMb * 1024 * 1024,
    maxCallsPerOwner: config.sandbox.callsPerUser,
    ...(allow.length > 0 ? { fetch: { allow } } : {}),
  };
}

/**
 * The MCP client's options: an MCP tool call gets the sandbox's deadline and per-user cap, and
 * reaches the same addresses as a handler's fetch (OUTBOUND_ALLOW), so neither kind of tool holds
 * a call up longer or reaches further than the other.
 */
export function mcpClientOptions(config: { sandbox: SandboxSettings; outboundAllow?: string[] }): McpClientOptions {
  return {
    timeoutMs: config.sandbox.timeoutMs,
    callsPerUser: config.sandbox.callsPerUser,
    allow: config.outboundAllow ?? [],
  };
}

/**
 * The sandbox's `onWorkerError` for the app log. A watchdog kill is a handler that ran away (its
 * author sees the timeout in the result), so a warning; a crash, an unexpected exit or a thread
 * that cannot start is the sandbox itself failing, so an error.
 */
export function logWorkerErrors(log: Pick<FastifyBaseLogger, 'warn' | 'error'>): (error: SandboxWorkerError) => void {
  return (error) => {
    if (error.reason === 'watchdog') log.warn({ err: error, reason: error.reason }, error.message);
    else log.error({ err: error, reason: error.reason }, error.message);
  };
}

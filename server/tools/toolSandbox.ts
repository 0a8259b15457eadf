/**
 * The app's one tool sandbox (a worker-thread pool running QuickJS, see server/sandbox/), created
 * by buildApp from the config and closed with the app. Route files and later steps (voice agents,
 * web chat bots) reach it as `app.sandbox`, usually through runTool.
 */
import type { Config } from '../config.js';
import type { Sandbox, SandboxOptions } from '../sandbox/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: Sandbox;
  }
}

/** SANDBOX_TIMEOUT_MS, SANDBOX_WORKERS and SANDBOX_MEMORY_MB as the sandbox's options. */
export function sandboxOptions(config: Pick<Config, 'sandbox'>): SandboxOptions {
  return {
    timeoutMs: config.sandbox.timeoutMs,
    poolSize: config.sandbox.workers,
    memoryLimitBytes: config.sandbox.memoryMb * 1024 * 1024,
  };
}

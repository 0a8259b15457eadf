/** How a worker thread was lost: each is logged, the call it was running is already answered. */
export type SandboxWorkerFailure = 'crashed' | 'exited' | 'watchdog' | 'start_failed';

/**
 * What `SandboxOptions.onWorkerError` hears. `reason` lets a logger tell a handler that ran away
 * (watchdog, the author's problem) from the sandbox itself failing (everything else).
 */
export class SandboxWorkerError extends Error {
  override readonly name = 'SandboxWorkerError';

  constructor(
    readonly reason: SandboxWorkerFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

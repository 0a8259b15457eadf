/**
 * Long requests a user runs (crawls, summaries), by user and job id: how many one user and the
 * whole server may run at once, and the AbortSignal that cancels one. Another user's job id is
 * simply not found, so a cancel can never reach it.
 */

export interface RunningJob {
  readonly id: string;
  readonly signal: AbortSignal;
  /** Cancels the job (its owner asked, or the client went away). */
  cancel(): void;
  /** Frees its place; call once, when the request ends. */
  done(): void;
}

export type JobRefusal = 'user_limit' | 'server_limit' | 'duplicate';

export class JobRefusedError extends Error {
  override readonly name = 'JobRefusedError';
  constructor(readonly reason: JobRefusal) {
    super(reason);
  }
}

export class RunningJobs {
  readonly #byUser = new Map<string, Map<string, AbortController>>();
  #total = 0;

  constructor(private readonly limits: { perUser: number; total: number }) {}

  /** Starts a job; throws JobRefusedError when a limit is reached or the id is already running. */
  start(userId: string, id: string): RunningJob {
    const jobs = this.#byUser.get(userId) ?? new Map<string, AbortController>();
    if (jobs.has(id)) throw new JobRefusedError('duplicate');
    if (jobs.size >= this.limits.perUser) throw new JobRefusedError('user_limit');
    if (this.#total >= this.limits.total) throw new JobRefusedError('server_limit');
    const controller = new AbortController();
    jobs.set(id, controller);
    this.#byUser.set(userId, jobs);
    this.#total += 1;
    let finished = false;
    return {
      id,
      signal: controller.signal,
      cancel: () => controller.abort(),
      done: () => {
        if (finished) return;
        finished = true;
        this.#total -= 1;
        jobs.delete(id);
        if (jobs.size === 0) this.#byUser.delete(userId);
      },
    };
  }

  /** Cancels the user's job with that id; false when they have none running. */
  cancel(userId: string, id: string): boolean {
    const controller = this.#byUser.get(userId)?.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  /** Cancels everything (the server is shutting down). */
  cancelAll(): void {
    for (const jobs of this.#byUser.values()) for (const controller of jobs.values()) controller.abort();
  }

  count(userId?: string): number {
    return userId === undefined ? this.#total : (this.#byUser.get(userId)?.size ?? 0);
  }
}

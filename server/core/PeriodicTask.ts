/**
 * Work an app repeats on a timer (the sweeps): started and stopped with the app, never two runs at
 * once (a run asked for while one goes joins it), and a timer that never keeps the process alive.
 */
export class PeriodicTask<T> {
  readonly #run: () => Promise<T>;
  readonly #intervalMs: number;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<T> | null = null;

  constructor(run: () => Promise<T>, intervalMs: number, onError: (error: unknown) => void) {
    this.#run = run;
    this.#intervalMs = intervalMs;
    this.#onError = onError;
  }

  start(): void {
    this.#timer ??= setInterval(() => {
      this.runNow().catch(this.#onError);
    }, this.#intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One run now; one already running is joined rather than run twice. */
  runNow(): Promise<T> {
    this.#running ??= this.#run().finally(() => (this.#running = null));
    return this.#running;
  }
}

import { Worker } from 'node:worker_threads';
import { SANDBOX_MESSAGES, failedResult } from './messages.js';
import type { RunJob, RunOutcome } from './runHandler.js';
import { SandboxWorkerError } from './SandboxWorkerError.js';
import { isWorkerMessage, type RunMessage, type SandboxWorkerData } from './workerProtocol.js';

const BOOTSTRAP = new URL('./workerBootstrap.mjs', import.meta.url);

// Host-side memory of a worker (fetch buffers, strings); QuickJS's WebAssembly heap is capped separately.
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 };

export interface SandboxWorkerEvents {
  ready(worker: SandboxWorker): void;
  /** The thread died on its own (crash, resource limit), not through `terminate`. */
  exit(worker: SandboxWorker, wasReady: boolean): void;
  /** Said before the call is answered: a crash, an unexpected exit or the watchdog giving up on a call. */
  failed(error: SandboxWorkerError): void;
}

interface Current {
  id: number;
  started: number;
  timer: NodeJS.Timeout;
  resolve(outcome: RunOutcome): void;
}

/**
 * One worker thread seen from the host: start-up, one call at a time, and the wall-clock
 * watchdog that ends a call the guest deadline did not stop (a long non-interruptible builtin):
 * the call is answered with the timeout and the thread is marked for replacement.
 */
export class SandboxWorker {
  private readonly thread: Worker;
  private ready = false;
  private dead = false;
  private current: Current | null = null;
  private nextId = 1;

  constructor(
    data: SandboxWorkerData,
    private readonly watchdogGraceMs: number,
    private readonly events: SandboxWorkerEvents,
  ) {
    // env: {} gives the thread its own empty process.env instead of the host's secrets.
    this.thread = new Worker(BOOTSTRAP, { workerData: data, env: {}, resourceLimits: RESOURCE_LIMITS });
    this.thread.unref();
    this.thread.on('message', (message: unknown) => this.onMessage(message));
    // A crash emits 'error' and then 'exit'; the first one names what happened.
    this.thread.on('error', (error: Error) =>
      this.onExit(new SandboxWorkerError('crashed', `Tool sandbox worker crashed: ${error.message}`, { cause: error })),
    );
    this.thread.on('exit', (code: number) =>
      this.onExit(new SandboxWorkerError('exited', `Tool sandbox worker exited unexpectedly with code ${code}`)),
    );
  }

  get starting(): boolean {
    return !this.ready && !this.dead;
  }

  run(job: RunJob): Promise<RunOutcome> {
    return new Promise<RunOutcome>((resolve) => {
      const id = this.nextId++;
      const started = performance.now();
      const timer = setTimeout(() => this.giveUp(job.timeoutMs), job.timeoutMs + this.watchdogGraceMs);
      this.current = { id, started, timer, resolve };
      const message: RunMessage = { type: 'run', id, ...job };
      this.thread.postMessage(message);
    });
  }

  /** Stops the thread; a call still running is answered with `reason`. */
  async terminate(reason: string = SANDBOX_MESSAGES.closed): Promise<void> {
    this.dead = true;
    this.finish({ result: failedResult(reason, this.elapsed()), recycle: true });
    await this.thread.terminate();
  }

  private onMessage(message: unknown): void {
    if (!isWorkerMessage(message)) return;
    if (message.type === 'ready') {
      this.ready = true;
      this.events.ready(this);
    } else if (this.current?.id === message.id) {
      this.finish({ result: message.result, recycle: message.recycle });
    }
  }

  /** The watchdog: the call is answered with the timeout and the pool terminates this thread. */
  private giveUp(timeoutMs: number): void {
    this.events.failed(
      new SandboxWorkerError(
        'watchdog',
        `Tool sandbox worker killed by the watchdog: a call ran past its ${timeoutMs} ms deadline and ${this.watchdogGraceMs} ms grace`,
      ),
    );
    this.finish({ result: failedResult(SANDBOX_MESSAGES.timedOut(timeoutMs), this.elapsed()), recycle: true });
  }

  private onExit(error: SandboxWorkerError): void {
    if (this.dead) return;
    this.dead = true;
    this.events.failed(error);
    this.finish({ result: failedResult(SANDBOX_MESSAGES.workerFailed, this.elapsed()), recycle: true });
    this.events.exit(this, this.ready);
  }

  private finish(outcome: RunOutcome): void {
    const current = this.current;
    if (!current) return;
    clearTimeout(current.timer);
    this.current = null;
    current.resolve(outcome);
  }

  private elapsed(): number {
    return this.current ? Math.round(performance.now() - this.current.started) : 0;
  }
}

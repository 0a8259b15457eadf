import { Worker } from 'node:worker_threads';
import { SANDBOX_MESSAGES } from './messages.js';
import { SandboxWorkerError } from './SandboxWorkerError.js';
import { isWorkerMessage, type JobReply, type SandboxWorkerData, type WorkerJob } from './workerProtocol.js';

const BOOTSTRAP = new URL('./workerBootstrap.mjs', import.meta.url);

/**
 * Host-side memory of a worker (fetch buffers, strings); QuickJS's WebAssembly heap is capped
 * separately. The thread's stack is larger than Node's default 4 MB so that QuickJS's own 256 KB
 * stack limit is what stops deeply nested code (20,000 open parentheses): with less, the engine's
 * WebAssembly frames overflowed the thread's stack first and left the module unusable.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32, stackSizeMb: 16 };

/** How a job ended: the worker's reply, or lost (watchdog, crash, shutdown) with the text to answer. */
export type JobOutcome =
  | { kind: 'answered'; reply: JobReply }
  | { kind: 'lost'; error: string; durationMs: number; timedOut: boolean };

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
  resolve(outcome: JobOutcome): void;
}

/**
 * One worker thread seen from the host: start-up, one job at a time, and the wall-clock
 * watchdog that ends a job the guest deadline did not stop (a long non-interruptible builtin or
 * compile): the job is answered as timed out and the thread is marked for replacement.
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

  run(job: WorkerJob): Promise<JobOutcome> {
    return new Promise<JobOutcome>((resolve) => {
      const id = this.nextId++;
      const started = performance.now();
      const timer = setTimeout(() => this.giveUp(job.timeoutMs), job.timeoutMs + this.watchdogGraceMs);
      this.current = { id, started, timer, resolve };
      this.thread.postMessage({ ...job, id });
    });
  }

  /** Stops the thread; a job still running is answered with `reason`. */
  async terminate(reason: string = SANDBOX_MESSAGES.closed): Promise<void> {
    this.dead = true;
    this.lose(reason);
    await this.thread.terminate();
  }

  private onMessage(message: unknown): void {
    if (!isWorkerMessage(message)) return;
    if (message.type === 'ready') {
      this.ready = true;
      this.events.ready(this);
    } else if (this.current?.id === message.id) {
      this.finish({ kind: 'answered', reply: message });
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
    this.lose(SANDBOX_MESSAGES.timedOut(timeoutMs), true);
  }

  private onExit(error: SandboxWorkerError): void {
    if (this.dead) return;
    this.dead = true;
    this.events.failed(error);
    this.lose(SANDBOX_MESSAGES.workerFailed);
    this.events.exit(this, this.ready);
  }

  /** Answers the current job without the worker's reply; the pool replaces a worker that lost one. */
  private lose(error: string, timedOut = false): void {
    this.finish({ kind: 'lost', error, durationMs: this.elapsed(), timedOut });
  }

  private finish(outcome: JobOutcome): void {
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

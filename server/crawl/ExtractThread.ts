/**
 * One worker thread of the page reader (PageExtractor.ts): it loads its modules, then runs one
 * job at a time under a deadline. A job past its deadline has the thread terminated, so a page
 * the parser chokes on holds it no longer than that; a crashed or stopped thread fails its job.
 * Either way the thread is finished and the pool starts a fresh one when it needs one.
 */
import { Worker } from 'node:worker_threads';
import {
  type ExtractJob,
  type ExtractResponse,
  isExtractResponse,
  EXTRACTOR_READY as READY,
} from './extractProtocol.js';

const BOOTSTRAP = new URL('./extractWorkerBootstrap.mjs', import.meta.url);
// A large page's DOM takes a few hundred MB at worst; the limit keeps a hostile one from taking the host.
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 };

export interface ExtractThreadEvents {
  /** Loaded, or done with a job: it may take the next one. */
  idle(thread: ExtractThread): void;
  /** It stopped for good (crashed, stopped, or terminated past a deadline); `beforeReady` when it never loaded. */
  finished(thread: ExtractThread, error: string, beforeReady: boolean): void;
}

export class ExtractThread {
  readonly #worker: Worker;
  readonly #events: ExtractThreadEvents;
  readonly #timeoutMs: number;
  #ready = false;
  #finished = false;
  #current: { id: number; timer: NodeJS.Timeout; resolve(response: ExtractResponse): void } | null = null;
  #nextId = 1;

  constructor(timeoutMs: number, events: ExtractThreadEvents) {
    this.#timeoutMs = timeoutMs;
    this.#events = events;
    // env: {} keeps the host's secrets out of the thread that reads untrusted markup.
    this.#worker = new Worker(BOOTSTRAP, { env: {}, resourceLimits: RESOURCE_LIMITS });
    this.#worker.unref();
    this.#worker.on('message', (message: unknown) => this.#message(message));
    this.#worker.on('error', (error: Error) => this.#finish(`The page reader crashed: ${error.message}`));
    this.#worker.on('exit', (code: number) => this.#finish(`The page reader stopped (exit code ${code})`));
  }

  /** Loaded and not running a job. */
  get idle(): boolean {
    return this.#ready && !this.#finished && this.#current === null;
  }

  /** Still loading its modules. */
  get starting(): boolean {
    return !this.#ready && !this.#finished;
  }

  /** Runs `job` (only when idle); `resolve` gets its answer, or the failure that ended it. */
  run(job: ExtractJob, resolve: (response: ExtractResponse) => void): void {
    if (!this.idle) throw new Error('the page reader thread is not idle');
    const id = this.#nextId++;
    // The deadline runs from here, not through the thread's start-up.
    const timer = setTimeout(() => {
      this.#finish(`Reading the page took longer than ${this.#timeoutMs / 1000} s`);
      void this.#worker.terminate();
    }, this.#timeoutMs);
    this.#current = { id, timer, resolve };
    this.#worker.postMessage({ ...job, id });
  }

  /** Stops the thread; a job it runs fails with `error`. */
  async close(error: string): Promise<void> {
    this.#finish(error);
    await this.#worker.terminate();
  }

  #message(message: unknown): void {
    if (this.#finished) return;
    if (message === READY) {
      this.#ready = true;
      return this.#events.idle(this);
    }
    const current = this.#current;
    if (!current || !isExtractResponse(message) || message.id !== current.id) return;
    clearTimeout(current.timer);
    this.#current = null;
    current.resolve(message);
    this.#events.idle(this);
  }

  #finish(error: string): void {
    if (this.#finished) return;
    this.#finished = true;
    const current = this.#current;
    this.#current = null;
    if (current) {
      clearTimeout(current.timer);
      current.resolve({ id: current.id, ok: false, error });
    }
    this.#events.finished(this, error, !this.#ready);
  }
}

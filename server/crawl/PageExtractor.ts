/**
 * The app's HTML and sitemap parser, in one worker thread shared by every crawl: jobs queue and
 * run one at a time, each under a deadline. A job past its deadline (pathological markup) or a
 * crashed thread fails that job only; the thread is replaced for the next one. The thread starts
 * on the first job, so an app that never crawls costs nothing.
 */
import { Worker } from 'node:worker_threads';
import type { ExtractedPage } from './extractPage.js';
import { EXTRACTOR_READY as READY, isExtractResponse, type ExtractJob, type ExtractResponse } from './extractProtocol.js';
import type { ParsedSitemap } from './parseSitemap.js';

const BOOTSTRAP = new URL('./extractWorkerBootstrap.mjs', import.meta.url);
// A large page's DOM takes a few hundred MB at worst; the limit keeps a hostile one from taking the host.
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 };

export interface PageExtractorOptions {
  /** Deadline of one job, from the moment the thread takes it; default 20 s. */
  timeoutMs?: number;
}

interface Pending {
  job: ExtractJob;
  resolve(response: ExtractResponse): void;
}

export class PageExtractor {
  private thread: Worker | null = null;
  /** The thread has loaded its modules; deadlines run from then on, not through start-up. */
  private ready = false;
  private readonly queue: Pending[] = [];
  private current: (Pending & { id: number; timer: NodeJS.Timeout }) | null = null;
  private nextId = 1;
  private closed = false;
  private readonly timeoutMs: number;

  constructor(options: PageExtractorOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  async page(body: Uint8Array, contentType: string | undefined, url: string, maxChars: number): Promise<ExtractedPage> {
    const response = await this.submit({ kind: 'page', body, contentType, url, maxChars });
    if (!response.ok || !response.page) throw new Error(response.ok ? 'No page parsed' : response.error);
    return response.page;
  }

  async sitemap(body: Uint8Array, maxBytes: number): Promise<ParsedSitemap> {
    const response = await this.submit({ kind: 'sitemap', body, maxBytes });
    if (!response.ok || !response.sitemap) throw new Error(response.ok ? 'No sitemap parsed' : response.error);
    return response.sitemap;
  }

  /** Fails queued jobs and stops the thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.resolve({ id: 0, ok: false, error: 'The page reader was closed' });
    this.fail('The page reader was closed');
    await this.thread?.terminate();
    this.thread = null;
  }

  private submit(job: ExtractJob): Promise<ExtractResponse> {
    if (this.closed) return Promise.resolve({ id: 0, ok: false, error: 'The page reader was closed' });
    return new Promise((resolve) => {
      this.queue.push({ job, resolve });
      this.next();
    });
  }

  private next(): void {
    if (this.current || this.closed || this.queue.length === 0) return;
    const thread = this.ensureThread();
    if (!this.ready) return;
    const pending = this.queue.shift()!;
    const id = this.nextId++;
    const timer = setTimeout(() => this.restart(`Reading the page took longer than ${this.timeoutMs} ms`), this.timeoutMs);
    this.current = { ...pending, id, timer };
    thread.postMessage({ ...pending.job, id });
  }

  private ensureThread(): Worker {
    if (this.thread) return this.thread;
    // env: {} keeps the host's secrets out of the thread that reads untrusted markup.
    const thread = new Worker(BOOTSTRAP, { env: {}, resourceLimits: RESOURCE_LIMITS });
    this.ready = false;
    thread.unref();
    thread.on('message', (message: unknown) => {
      if (thread !== this.thread) return;
      if (message === READY) {
        this.ready = true;
        return this.next();
      }
      if (!isExtractResponse(message) || message.id !== this.current?.id) return;
      this.settle(message);
    });
    thread.on('error', (error: Error) => this.lost(thread, `The page reader crashed: ${error.message}`));
    thread.on('exit', (code: number) => this.lost(thread, `The page reader stopped (exit code ${code})`));
    this.thread = thread;
    return thread;
  }

  private settle(response: ExtractResponse): void {
    const current = this.current;
    if (!current) return;
    clearTimeout(current.timer);
    this.current = null;
    current.resolve(response);
    this.next();
  }

  private fail(error: string): void {
    if (this.current) this.settle({ id: this.current.id, ok: false, error });
  }

  /** The job in progress fails and a fresh thread takes the next one. */
  private restart(error: string): void {
    const thread = this.thread;
    this.thread = null;
    void thread?.terminate();
    this.fail(error);
  }

  private lost(thread: Worker, error: string): void {
    if (thread !== this.thread) return;
    this.thread = null;
    // A thread that dies before it is ready would die again: fail what waits instead of looping.
    if (!this.ready) for (const pending of this.queue.splice(0)) pending.resolve({ id: 0, ok: false, error });
    this.fail(error);
  }
}

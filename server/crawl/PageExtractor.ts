/**
 * The app's HTML and sitemap parser, shared by every crawl (issue 18): jobs wait in one line per
 * user (FairQueue: the user served least recently goes next) and run in up to `threads` worker
 * threads (ExtractThread.ts), a user in at most `threads - 1` of them (at least one), so one
 * user's crawl of hostile pages leaves a thread, or every other turn, to everyone else. Each job
 * has a deadline after which its thread is terminated and replaced. When a crawl ends (its signal
 * aborted) its jobs are answered as cancelled at once: waiting ones leave the line, a running one
 * is finished by its thread (still counted to its user) and its result dropped. Threads start
 * when needed, so an app that never crawls costs nothing and one crawl at a time uses one thread.
 */
import type { DocumentFormat } from '../../shared/types/knowledge.js';
import { FairQueue } from '../core/FairQueue.js';
import { DocumentRefusal } from './documents/DocumentRefusal.js';
import type { DocumentReadLimits, ExtractedDocument } from './documents/extractDocument.js';
import { ExtractThread } from './ExtractThread.js';
import type { ExtractedPage } from './extractPage.js';
import type { ExtractJob, ExtractResponse } from './extractProtocol.js';
import type { ParsedSitemap } from './parseSitemap.js';

export interface PageExtractorOptions {
  /** Deadline of one job, from the moment a thread takes it; default 5 s. */
  timeoutMs?: number;
  /** Worker threads at most; default 2. */
  threads?: number;
}

/** Whose job it is, and the signal that cancels it (the crawl ended). */
export interface ExtractOptions {
  owner: string;
  signal?: AbortSignal;
}

interface Pending {
  job: ExtractJob;
  /** Settles the caller's promise; later calls do nothing. */
  resolve(response: ExtractResponse): void;
  /** The job is answered: stop listening to its signal. */
  done(): void;
}

export const EXTRACT_CANCELLED = 'The crawl ended before the page was read';
const CLOSED = 'The page reader was closed';

export class PageExtractor {
  readonly #timeoutMs: number;
  readonly #maxThreads: number;
  readonly #threads = new Set<ExtractThread>();
  readonly #queue = new FairQueue<Pending>();
  readonly #running = new Map<string, number>();
  #closed = false;

  constructor(options: PageExtractorOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? 5_000;
    this.#maxThreads = Math.max(1, options.threads ?? 2);
  }

  async page(
    body: Uint8Array,
    contentType: string | undefined,
    url: string,
    maxChars: number,
    options: ExtractOptions,
  ): Promise<ExtractedPage> {
    const response = await this.#submit({ kind: 'page', body, contentType, url, maxChars }, options);
    if (!response.ok || !response.page) throw new Error(response.ok ? 'No page parsed' : response.error);
    return response.page;
  }

  async sitemap(body: Uint8Array, maxBytes: number, options: ExtractOptions): Promise<ParsedSitemap> {
    const response = await this.#submit({ kind: 'sitemap', body, maxBytes }, options);
    if (!response.ok || !response.sitemap) throw new Error(response.ok ? 'No sitemap parsed' : response.error);
    return response.sitemap;
  }

  /**
   * An uploaded document's text (issue 24). Refused documents reject with a DocumentRefusal; a
   * thread that failed on one (past its deadline, out of memory) with 'unreadable'.
   */
  async document(
    body: Uint8Array,
    format: DocumentFormat,
    limits: DocumentReadLimits,
    options: ExtractOptions,
  ): Promise<ExtractedDocument> {
    const response = await this.#submit({ kind: 'document', body, format, limits }, options);
    if (response.ok && response.document) return response.document;
    if (!response.ok && response.refusal) throw new DocumentRefusal(response.refusal.reason, response.refusal.message);
    throw new DocumentRefusal(
      'unreadable',
      `file: the document could not be read (${response.ok ? 'no text' : response.error})`,
    );
  }

  /** Jobs waiting, all users together. */
  get waiting(): number {
    return this.#queue.size;
  }

  /** Threads loaded and free. */
  get idleThreads(): number {
    return [...this.#threads].filter((thread) => thread.idle).length;
  }

  /** Fails waiting jobs and stops the threads. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#failWaiting(CLOSED);
    await Promise.all([...this.#threads].map((thread) => thread.close(CLOSED)));
    this.#threads.clear();
  }

  #submit(job: ExtractJob, { owner, signal }: ExtractOptions): Promise<ExtractResponse> {
    if (this.#closed) return Promise.resolve({ id: 0, ok: false, error: CLOSED });
    if (signal?.aborted) return Promise.resolve({ id: 0, ok: false, error: EXTRACT_CANCELLED });
    return new Promise((resolve) => {
      const pending: Pending = { job, resolve, done: () => {} };
      if (signal) {
        const cancel = () => {
          this.#queue.remove(owner, pending);
          resolve({ id: 0, ok: false, error: EXTRACT_CANCELLED });
        };
        signal.addEventListener('abort', cancel, { once: true });
        pending.done = () => signal.removeEventListener('abort', cancel);
      }
      this.#queue.push(owner, pending);
      this.#dispatch();
    });
  }

  /** A user may run in every thread but one (in the only one, when there is one). */
  #mayStart = (owner: string): boolean => (this.#running.get(owner) ?? 0) < Math.max(1, this.#maxThreads - 1);

  #dispatch(): void {
    if (this.#closed) return;
    for (const thread of this.#threads) {
      if (!thread.idle) continue;
      const next = this.#queue.take(this.#mayStart);
      if (!next) return;
      this.#start(thread, next.owner, next.item);
    }
    // Nothing idle: a thread more, if there is a job that may start and no thread on its way.
    const startable = [...this.#queue.owners()].some(([owner]) => this.#mayStart(owner));
    const coming = [...this.#threads].some((thread) => thread.starting);
    if (startable && !coming && this.#threads.size < this.#maxThreads) this.#spawn();
  }

  #start(thread: ExtractThread, owner: string, pending: Pending): void {
    this.#running.set(owner, (this.#running.get(owner) ?? 0) + 1);
    thread.run(pending.job, (response) => {
      const left = (this.#running.get(owner) ?? 1) - 1;
      if (left > 0) this.#running.set(owner, left);
      else this.#running.delete(owner);
      pending.done();
      pending.resolve(response);
    });
  }

  #spawn(): void {
    const thread = new ExtractThread(this.#timeoutMs, {
      idle: () => this.#dispatch(),
      finished: (finished, error, beforeReady) => {
        this.#threads.delete(finished);
        // A thread that dies before it is ready would die again: fail what waits instead of looping.
        if (beforeReady) this.#failWaiting(error);
        // Called from the thread's own event: let its job's answer go out first.
        else queueMicrotask(() => this.#dispatch());
      },
    });
    this.#threads.add(thread);
  }

  #failWaiting(error: string): void {
    for (const pending of this.#queue.drain()) {
      pending.done();
      pending.resolve({ id: 0, ok: false, error });
    }
  }
}

/**
 * Appends a recording to its local file in batches: a call's frames come every 20 ms, so they
 * are gathered and written every FLUSH_BYTES or FLUSH_MS, whichever comes first — at most a
 * second of audio is held, and a crash loses no more. Writes run one after another; a failed
 * write stops the sink and is reported once.
 */
import { type FileHandle, open } from 'node:fs/promises';
import type { RecordingSink } from './CallRecorder.js';

const FLUSH_BYTES = 16_000;
const FLUSH_MS = 1_000;

export class FileSink implements RecordingSink {
  readonly #path: string;
  readonly #onError: (error: unknown) => void;
  #file: Promise<FileHandle>;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #timer: NodeJS.Timeout | null = null;
  #writes: Promise<void> = Promise.resolve();
  #failed = false;
  #bytes = 0;

  constructor(path: string, onError: (error: unknown) => void) {
    this.#path = path;
    this.#onError = onError;
    this.#file = open(path, 'a');
    this.#file.catch((error: unknown) => this.#fail(error));
  }

  /** Bytes handed to the sink so far. */
  get bytes(): number {
    return this.#bytes;
  }

  append(bytes: Buffer): void {
    if (this.#failed) return;
    this.#pending.push(bytes);
    this.#pendingBytes += bytes.length;
    this.#bytes += bytes.length;
    if (this.#pendingBytes >= FLUSH_BYTES) this.#flush();
    else this.#timer ??= setTimeout(() => this.#flush(), FLUSH_MS);
  }

  /** Writes what is left and closes the file; resolves once it is on disk (false if a write failed). */
  async close(): Promise<boolean> {
    this.#flush();
    await this.#writes;
    try {
      await (await this.#file).close();
    } catch (error) {
      this.#fail(error);
    }
    return !this.#failed;
  }

  #flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#pendingBytes === 0 || this.#failed) return;
    const chunk = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#writes = this.#writes.then(async () => {
      if (this.#failed) return;
      try {
        const file = await this.#file;
        await file.write(chunk);
      } catch (error) {
        this.#fail(error);
      }
    });
  }

  #fail(error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#pending = [];
    this.#onError(error);
  }

  toString(): string {
    return this.#path;
  }
}

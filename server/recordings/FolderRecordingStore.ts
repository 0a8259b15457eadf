/** Recordings in a folder under DATA_DIR: one server's (several servers need the bucket, S3RecordingStore). */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { RecordingStore } from './RecordingStore.js';

export class FolderRecordingStore implements RecordingStore {
  readonly kind = 'folder' as const;
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  localPath(key: string): string {
    return path.join(this.#root, ...key.split('/'));
  }

  /** Makes the owner's folder before a call writes into it. */
  async prepare(key: string): Promise<void> {
    await mkdir(path.dirname(this.localPath(key)), { recursive: true });
  }

  async finish(): Promise<void> {
    // Written in place: nothing to move.
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.localPath(key))).size;
    } catch {
      return null;
    }
  }

  async read(key: string, start: number, end: number): Promise<Readable> {
    return createReadStream(this.localPath(key), { start, end });
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }
}

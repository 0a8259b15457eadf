/**
 * Where recordings are kept (issue 21): a folder under DATA_DIR (one server) or an S3-compatible
 * bucket (several servers). Either way a call is written to a local file as it goes (bounded
 * memory, and a crash keeps what was written); `finish` makes it available — in place for the
 * folder, uploaded and the local copy removed for the bucket.
 *
 * A stored recording is raw interleaved stereo μ-law at 8 kHz (left caller, right agent, no
 * header): 16,000 bytes a second. The audio route serves it as a PCM16 WAV (wavResponse.ts).
 */
import type { Readable } from 'node:stream';

export type StoreKind = 'folder' | 's3';

export interface RecordingStore {
  readonly kind: StoreKind;
  /** The local file a live call's recording is appended to. */
  localPath(key: string): string;
  /** Makes the local file's folder, before a call writes into it. */
  prepare(key: string): Promise<void>;
  /** The recording is complete: make it readable. Safe to call again after a crash. */
  finish(key: string): Promise<void>;
  /** Its size in bytes; null when it is not stored. */
  size(key: string): Promise<number | null>;
  /** Bytes `start`…`end` (inclusive) of a stored recording. */
  read(key: string, start: number, end: number): Promise<Readable>;
  /** Deletes it (and any local copy); nothing happens when it is not there. */
  remove(key: string): Promise<void>;
}

/** The key of a call's recording: the owner's folder, then the call. */
export function recordingKey(userId: string, streamSid: string): string {
  return `${userId}/${streamSid}.ulaw`;
}

/** Stored bytes a millisecond: two channels of 8 kHz μ-law. */
export const STORED_BYTES_PER_MS = 16;

/** A recording's length in milliseconds from its stored size (a crash may leave half a frame). */
export function recordingMs(storedBytes: number): number {
  return Math.floor(storedBytes / STORED_BYTES_PER_MS);
}

/**
 * The recordings' housekeeping, run periodically by every server (idempotent, so several may):
 * - the audio of calls whose session is gone (Keep history, an account deleted) is deleted, then
 *   its row — the row is the note that something is left to delete (migration 019);
 * - a recording left 'recording' by a server that stopped mid-call (its session since ended by the
 *   orphan sweep) is finished from what was written: kept as far as it got. A bucket's recording
 *   spooled on a server that never comes back is marked failed after UNFINISHED_GRACE_MS.
 */
import { stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { deleteRecordingRow, orphanedRecordings, unfinishedRecordings, updateRecording } from '../db/recordings.js';
import type { Database } from '../db/schema.js';
import { type RecordingStore, recordingMs } from './RecordingStore.js';

const BATCH = 100;
/** Deleted calls' audio goes within a minute of their rows. */
export const RECORDING_SWEEP_INTERVAL_MS = 60_000;
/** A stopped server has this long to come back and upload what it spooled. */
export const UNFINISHED_GRACE_MS = 60 * 60_000;
export const RECORDING_LOST = 'The server recording this call stopped before the recording was kept';

export interface RecordingSweepDeps {
  db: Kysely<Database>;
  store: RecordingStore;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  intervalMs: number;
}

export interface RecordingSweepResult {
  deleted: number;
  finished: number;
  lost: number;
}

export class RecordingSweep {
  readonly #deps: RecordingSweepDeps;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<RecordingSweepResult> | null = null;

  constructor(deps: RecordingSweepDeps) {
    this.#deps = deps;
  }

  start(): void {
    this.#timer ??= setInterval(() => {
      this.sweep().catch((error: unknown) => this.#deps.log.error({ err: error }, 'the recording sweep failed'));
    }, this.#deps.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One sweep now; one already running is joined. */
  sweep(): Promise<RecordingSweepResult> {
    this.#running ??= this.#sweep().finally(() => (this.#running = null));
    return this.#running;
  }

  async #sweep(): Promise<RecordingSweepResult> {
    const result = { deleted: 0, finished: 0, lost: 0 };
    const { db, store, clock, log } = this.#deps;
    for (const row of await orphanedRecordings(db, BATCH)) {
      try {
        if (row.storage_key) await store.remove(row.storage_key);
        await deleteRecordingRow(db, row.stream_sid);
        result.deleted += 1;
      } catch (error) {
        log.error({ err: error, streamSid: row.stream_sid }, 'could not delete a recording');
      }
    }
    for (const row of await unfinishedRecordings(db, BATCH)) {
      const key = row.storage_key;
      if (!key) continue;
      try {
        const spooled = await fileSize(store, key);
        if (spooled !== null) await store.finish(key);
        const bytes = await store.size(key);
        if (bytes !== null) {
          await updateRecording(db, row.stream_sid, {
            status: 'ready',
            bytes,
            duration_ms: recordingMs(bytes),
            finished_at: clock(),
          });
          result.finished += 1;
        } else if (Number(row.end_time) + UNFINISHED_GRACE_MS < clock()) {
          await updateRecording(db, row.stream_sid, { status: 'failed', error: RECORDING_LOST, finished_at: clock() });
          result.lost += 1;
        }
      } catch (error) {
        log.warn({ err: error, streamSid: row.stream_sid }, 'could not finish a recording left unfinished');
      }
    }
    return result;
  }
}

/** The size of the local file a call was written to, if this server has it. */
async function fileSize(store: RecordingStore, key: string): Promise<number | null> {
  try {
    return (await stat(store.localPath(key))).size;
  } catch {
    return null;
  }
}

/**
 * The audit trail of impersonated requests, written in batches: requests that arrive together
 * (one turn of the event loop) share one INSERT, so one commit, instead of one each. A request
 * still waits for its own row to be committed before it goes on, and fails if the write fails:
 * no audit row, no impersonated request. On SQLite every commit appends whole pages to the WAL
 * (and every thousand pages a checkpoint stalls the event loop), so under load this divides the
 * write cost by the batch size; alone, a request waits at most one loop turn longer.
 */
import type { Kysely } from 'kysely';
import { type ImpersonatedRequest, recordImpersonatedRequests } from '../db/auditLog.js';
import type { Database } from '../db/schema.js';

interface Waiting {
  entry: ImpersonatedRequest;
  settle: (error?: unknown) => void;
}

export class ImpersonationAudit {
  #waiting: Waiting[] = [];

  constructor(private readonly db: Kysely<Database>) {}

  /** Resolves once the entry is committed; rejects with the write's error. */
  record(entry: ImpersonatedRequest): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.#waiting.length === 0) setImmediate(() => void this.#flush());
      this.#waiting.push({ entry, settle: (error) => (error === undefined ? resolve() : reject(error)) });
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#waiting;
    this.#waiting = [];
    let failure: unknown;
    try {
      await recordImpersonatedRequests(
        this.db,
        batch.map((waiting) => waiting.entry),
      );
    } catch (error) {
      failure = error ?? new Error('audit write failed');
    }
    for (const waiting of batch) waiting.settle(failure);
  }
}

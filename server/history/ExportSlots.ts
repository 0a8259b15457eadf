/**
 * How many exports each user has running, created per app (routes/history.ts). An export reads
 * page after page for as long as its download lasts; a few at once per user is plenty, and the
 * limit keeps one user's scripted downloads from holding the database for everyone.
 */
import { AppError, retryAfter } from '../core/AppError.js';

export const EXPORTS_PER_USER = 3;

export class ExportSlots {
  readonly #running = new Map<string, number>();

  /** Takes a slot for `userId` or throws a 429; the returned function gives it back (once). */
  take(userId: string): () => void {
    const running = this.#running.get(userId) ?? 0;
    if (running >= EXPORTS_PER_USER) {
      throw new AppError(
        'rate_limited',
        `At most ${EXPORTS_PER_USER} exports at once: wait for one to finish`,
        retryAfter(5),
      );
    }
    this.#running.set(userId, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#running.get(userId) ?? 1) - 1;
      if (left > 0) this.#running.set(userId, left);
      else this.#running.delete(userId);
    };
  }
}

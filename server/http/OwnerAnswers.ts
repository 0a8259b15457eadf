/**
 * The JSON text of recent answers of the GET routes whose answer depends on nothing but their
 * effective user's own data (route config `ownerAnswer: true`: the settings view, the tools and
 * agents lists), so a repeat of the same GET skips the database and the serializer (issue 12:
 * ten agents cost ~300 µs of reading rows, mapping and JSON, the cached text ~0).
 *
 * Invalidation (ownerAnswerHooks.ts): every request of a user other than GET/HEAD/OPTIONS forgets
 * that user's answers when it starts and again when it is answered, on this instance and, through
 * the peers (server/cluster), on the others. Everything these answers show is written only by its
 * owner's own requests (or an admin's impersonating them, whose effective user is the owner), so
 * the next GET after a change reads it again. A read that began before an invalidation does not
 * store what it read (the generation check). As with UserCache, an entry is trusted for at most
 * `maxAgeMs`, which bounds how long a lost notification from another instance can show old data.
 * Bounded in bytes; the least recently stored user's answers go first.
 */
import type { Clock } from '../core/types.js';

interface Entry {
  body: string;
  storedAt: number;
}

export interface OwnerAnswersOptions {
  /** Total size of the kept answers, in UTF-16 code units (about bytes for ASCII JSON). */
  maxChars: number;
  /** A larger answer is not kept. */
  maxEntryChars: number;
  /** How long an answer is trusted without an invalidation (the cross-instance bound). */
  maxAgeMs: number;
}

export const OWNER_ANSWERS_DEFAULTS: OwnerAnswersOptions = {
  maxChars: 32 * 1024 * 1024,
  maxEntryChars: 2 * 1024 * 1024,
  maxAgeMs: 1000,
};

export interface OwnerAnswerPeers {
  ownerChanged(userId: string): void;
}

export class OwnerAnswers {
  /** Per user (least recently stored first), their answers by URL. */
  readonly #users = new Map<string, Map<string, Entry>>();
  #chars = 0;
  #generation = 0;
  #peers: OwnerAnswerPeers | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly options: OwnerAnswersOptions = OWNER_ANSWERS_DEFAULTS,
  ) {}

  /** The kept answer of `url` for `userId`, if still trusted. */
  get(userId: string, url: string): string | undefined {
    const entry = this.#users.get(userId)?.get(url);
    if (!entry) return undefined;
    const age = this.clock() - entry.storedAt;
    return age >= 0 && age < this.options.maxAgeMs ? entry.body : undefined;
  }

  /** Taken when a read starts and handed back to `store`. */
  generation(): number {
    return this.#generation;
  }

  /** Keeps `body` unless an invalidation happened since `generation` was taken. */
  store(userId: string, url: string, body: string, generation: number): void {
    if (generation !== this.#generation || body.length > this.options.maxEntryChars) return;
    let answers = this.#users.get(userId);
    if (answers) this.#users.delete(userId);
    else answers = new Map();
    this.#users.set(userId, answers);
    const previous = answers.get(url);
    if (previous) this.#chars -= previous.body.length;
    answers.set(url, { body, storedAt: this.clock() });
    this.#chars += body.length;
    this.#evict();
  }

  linkPeers(peers: OwnerAnswerPeers): void {
    this.#peers = peers;
  }

  /** Forgets the user's answers here and on the other instances: call once their data may have changed. */
  invalidate(userId: string): void {
    this.invalidateHere(userId);
    this.#peers?.ownerChanged(userId);
  }

  /** Forgets the user's answers on this instance. */
  invalidateHere(userId: string): void {
    this.#generation += 1;
    this.#drop(userId);
  }

  /** Forgets everything (e.g. when notifications from other instances were missed). */
  invalidateAll(): void {
    this.#generation += 1;
    this.#users.clear();
    this.#chars = 0;
  }

  #drop(userId: string): void {
    const answers = this.#users.get(userId);
    if (!answers) return;
    for (const entry of answers.values()) this.#chars -= entry.body.length;
    this.#users.delete(userId);
  }

  #evict(): void {
    while (this.#chars > this.options.maxChars) {
      const oldest = this.#users.keys().next();
      if (oldest.done) return;
      this.#drop(oldest.value);
    }
  }
}

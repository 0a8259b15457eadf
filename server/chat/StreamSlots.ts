/**
 * Answers being written at once (issue 18; README "Live chat"): a few per visitor address, a cap
 * per bot, a share of the server's places per owner, and the server's total. The owner's share
 * keeps one tenant (ten busy bots, or visitors flooding one) from taking every place:
 *
 *   share = max(streams per bot, floor(total / (owners answering now + 1)))
 *
 * Alone an owner may take half the places; each owner answering lowers everyone's share, and the
 * "+ 1" keeps room for an owner who is not answering yet. An owner over a share that has shrunk
 * keeps its answers and only waits for new ones. Never below one bot's cap, so one bot always gets
 * its own places while the server has them.
 */

import type { ChatConfig } from './chatConfig.js';
import { tooManyRequests } from './chatRefusal.js';

/** Who an answer is written for: the visitor's address, the bot and the bot's owner. */
export interface StreamHolder {
  address: string;
  webchatId: string;
  ownerId: string;
}

/** How long a visitor refused for too many answers at once is asked to wait. */
const BUSY_RETRY_SECONDS = 5;

const BUSY = 'This chat is answering many visitors right now. Please try again in a few seconds.';

export class StreamSlots {
  readonly #byVisitor = new Tally();
  readonly #byBot = new Tally();
  readonly #byOwner = new Tally();
  #total = 0;

  constructor(private readonly limits: Pick<ChatConfig, 'streamsPerVisitor' | 'streamsPerBot' | 'streamsTotal'>) {}

  /** Takes a place for one answer; the returned function gives it back (once). Throws the 429 when one is full. */
  open(holder: StreamHolder): () => void {
    const { streamsPerVisitor, streamsPerBot, streamsTotal } = this.limits;
    if (this.#byVisitor.of(holder.address) >= streamsPerVisitor) {
      const answers = streamsPerVisitor === 1 ? 'an answer' : `${streamsPerVisitor} answers`;
      throw tooManyRequests(
        'visitor_busy',
        `You already have ${answers} on the way. Please wait for ${streamsPerVisitor === 1 ? 'it' : 'one'} to finish before sending another message.`,
        BUSY_RETRY_SECONDS,
      );
    }
    if (this.#byBot.of(holder.webchatId) >= streamsPerBot) throw tooManyRequests('bot_busy', BUSY, BUSY_RETRY_SECONDS);
    if (this.#total >= streamsTotal) {
      throw tooManyRequests(
        'server_busy',
        'The chat service is busy right now. Please try again in a few seconds.',
        BUSY_RETRY_SECONDS,
      );
    }
    if (this.#byOwner.of(holder.ownerId) >= this.ownerShare(holder.ownerId))
      throw tooManyRequests('owner_busy', BUSY, BUSY_RETRY_SECONDS);
    this.#byVisitor.add(holder.address);
    this.#byBot.add(holder.webchatId);
    this.#byOwner.add(holder.ownerId);
    this.#total += 1;
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.#total -= 1;
      this.#byVisitor.remove(holder.address);
      this.#byBot.remove(holder.webchatId);
      this.#byOwner.remove(holder.ownerId);
    };
  }

  /** The answers `ownerId` may be writing at once now (the formula above). */
  ownerShare(ownerId: string): number {
    const answering = this.#byOwner.size + (this.#byOwner.of(ownerId) === 0 ? 1 : 0);
    return Math.max(this.limits.streamsPerBot, Math.floor(this.limits.streamsTotal / (answering + 1)));
  }

  /** Answers being written now, of one bot or of all. */
  count(webchatId?: string): number {
    return webchatId === undefined ? this.#total : this.#byBot.of(webchatId);
  }

  /** Answers being written now for one owner's bots. */
  ofOwner(ownerId: string): number {
    return this.#byOwner.of(ownerId);
  }
}

/** Counts per key; a key at zero is forgotten, so the maps hold only what is running. */
class Tally {
  readonly #counts = new Map<string, number>();

  get size(): number {
    return this.#counts.size;
  }

  of(key: string): number {
    return this.#counts.get(key) ?? 0;
  }

  add(key: string): void {
    this.#counts.set(key, this.of(key) + 1);
  }

  remove(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.#counts.set(key, left);
    else this.#counts.delete(key);
  }
}

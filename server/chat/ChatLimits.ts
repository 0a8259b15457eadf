/**
 * The live chat's abuse limits of one app (README "Live chat"): messages per visitor address and
 * per bot in a window, and answers being written at once (StreamSlots.ts). Each refusal is a 429
 * with Retry-After and a text a visitor can act on. Counted in this process only; several
 * instances each apply the limits to what they serve.
 *
 * A bot's per-minute budget is shared fairly (issue 18): once half of it is used in a window, an
 * address that has already sent the bot a quarter of the per-visitor rate waits, so the second
 * half stays for visitors who have sent little. A few addresses sending as fast as allowed can no
 * longer use up a bot's minute for everyone else; they take at most about half of it.
 */
import type { ChatConfig } from './chatConfig.js';
import { secondsText, tooManyRequests, waitSeconds } from './chatRefusal.js';
import { type StreamHolder, StreamSlots } from './StreamSlots.js';
import { WindowCounter } from './WindowCounter.js';

type LimitsConfig = Pick<
  ChatConfig,
  | 'visitorMessagesPerMinute'
  | 'botMessagesPerMinute'
  | 'streamsPerBot'
  | 'streamsTotal'
  | 'streamsPerVisitor'
  | 'rateWindowMs'
>;

export class ChatLimits {
  readonly #visitors: WindowCounter;
  readonly #bots: WindowCounter;
  /** Messages of one address to one bot, counted only (the reserve below reads them). */
  readonly #visitorsOfBots: WindowCounter;
  readonly #slots: StreamSlots;
  /** From this many messages in a bot's window on, only light senders get in. */
  readonly #reserveFrom: number;
  /** An address with fewer messages than this to a bot in its window is a light sender. */
  readonly #lightSender: number;

  constructor(private readonly config: LimitsConfig) {
    this.#visitors = new WindowCounter(config.visitorMessagesPerMinute, config.rateWindowMs);
    this.#bots = new WindowCounter(config.botMessagesPerMinute, config.rateWindowMs);
    this.#visitorsOfBots = new WindowCounter(Number.POSITIVE_INFINITY, config.rateWindowMs);
    this.#slots = new StreamSlots(config);
    this.#reserveFrom = Math.ceil(config.botMessagesPerMinute / 2);
    this.#lightSender = Math.max(1, Math.floor(config.visitorMessagesPerMinute / 4));
  }

  /** Counts a message from `address` to the bot; throws the 429 when a rate or the bot's fair share is used up. */
  countMessage(address: string, webchatId: string, now: number): void {
    const visitorWait = this.#visitors.hit(address, now);
    if (visitorWait > 0) {
      const wait = waitSeconds(visitorWait);
      throw tooManyRequests(
        'rate_limited',
        `You are sending messages too quickly. Please wait ${secondsText(wait)}.`,
        wait,
      );
    }
    const pair = `${webchatId}\n${address}`;
    const botUsed = this.#bots.used(webchatId, now);
    const heavy = botUsed >= this.#reserveFrom && this.#visitorsOfBots.used(pair, now) >= this.#lightSender;
    if (botUsed >= this.config.botMessagesPerMinute || heavy) {
      const botEnds = this.#bots.endsIn(webchatId, now);
      const wait = waitSeconds(heavy ? Math.min(botEnds, this.#visitorsOfBots.endsIn(pair, now)) : botEnds);
      throw tooManyRequests(
        'bot_rate_limited',
        `This chat is receiving too many messages right now. Please try again in ${secondsText(wait)}.`,
        wait,
      );
    }
    this.#bots.hit(webchatId, now);
    this.#visitorsOfBots.hit(pair, now);
  }

  /** Takes a place for one answer; the returned function gives it back (once). Throws the 429 when full. */
  openStream(holder: StreamHolder): () => void {
    return this.#slots.open(holder);
  }

  /** Answers being written now, of one bot or of all. */
  streams(webchatId?: string): number {
    return this.#slots.count(webchatId);
  }

  /** Answers being written now for one owner's bots, and how many the owner may write at once now. */
  ownerStreams(ownerId: string): { writing: number; share: number } {
    return { writing: this.#slots.ofOwner(ownerId), share: this.#slots.ownerShare(ownerId) };
  }
}

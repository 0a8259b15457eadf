/**
 * The live chat's abuse limits of one app (README "Live chat"): messages per visitor address and
 * per bot in a window, and answers being written at once per bot and in total. Each refusal is a
 * 429 with Retry-After and a text a visitor can act on. Counted in this process only; several
 * instances each apply the limits to what they serve.
 */
import { HttpError } from '../http/HttpError.js';
import type { ChatConfig } from './chatConfig.js';
import { WindowCounter } from './WindowCounter.js';

/** How long a visitor refused for too many streams at once is asked to wait. */
const BUSY_RETRY_SECONDS = 5;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const tooMany = (code: string, message: string, retryAfter: number) =>
  new HttpError(429, code, message, { 'retry-after': String(retryAfter) });

export class ChatLimits {
  readonly #visitors: WindowCounter;
  readonly #bots: WindowCounter;
  readonly #streamsByBot = new Map<string, number>();
  #streams = 0;

  constructor(private readonly config: Pick<ChatConfig, 'visitorMessagesPerMinute' | 'botMessagesPerMinute' | 'streamsPerBot' | 'streamsTotal' | 'rateWindowMs'>) {
    this.#visitors = new WindowCounter(config.visitorMessagesPerMinute, config.rateWindowMs);
    this.#bots = new WindowCounter(config.botMessagesPerMinute, config.rateWindowMs);
  }

  /** Counts a message from `address` to the bot; throws the 429 when either rate is used up. */
  countMessage(address: string, webchatId: string, now: number): void {
    const visitorWait = this.#visitors.hit(address, now);
    if (visitorWait > 0) {
      const wait = seconds(visitorWait);
      throw tooMany('rate_limited', `You are sending messages too quickly. Please wait ${wait} second${wait === 1 ? '' : 's'}.`, wait);
    }
    const botWait = this.#bots.hit(webchatId, now);
    if (botWait > 0) {
      const wait = seconds(botWait);
      throw tooMany('bot_rate_limited', `This chat is receiving too many messages right now. Please try again in ${wait} second${wait === 1 ? '' : 's'}.`, wait);
    }
  }

  /** Takes a place for one answer of the bot; the returned function gives it back (once). Throws the 429 when full. */
  openStream(webchatId: string): () => void {
    const ofBot = this.#streamsByBot.get(webchatId) ?? 0;
    if (ofBot >= this.config.streamsPerBot) {
      throw tooMany('bot_busy', 'This chat is answering many visitors right now. Please try again in a few seconds.', BUSY_RETRY_SECONDS);
    }
    if (this.#streams >= this.config.streamsTotal) {
      throw tooMany('server_busy', 'The chat service is busy right now. Please try again in a few seconds.', BUSY_RETRY_SECONDS);
    }
    this.#streamsByBot.set(webchatId, ofBot + 1);
    this.#streams += 1;
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.#streams -= 1;
      const left = (this.#streamsByBot.get(webchatId) ?? 1) - 1;
      if (left > 0) this.#streamsByBot.set(webchatId, left);
      else this.#streamsByBot.delete(webchatId);
    };
  }

  /** Answers being written now, of one bot or of all. */
  streams(webchatId?: string): number {
    return webchatId === undefined ? this.#streams : (this.#streamsByBot.get(webchatId) ?? 0);
  }
}

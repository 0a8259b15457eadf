/**
 * How long a bot keeps what its visitors wrote (migrations 009 and 013, issue 18; here in db/ as LAYERS.md places it). Two settings:
 *
 * - Memory (`short_term_messages_retention_period`, seconds): which earlier messages of a
 *   conversation the model sees and a reloading visitor gets back. A conversation stays open (the
 *   widget may continue and reload it) while it has had a message within the longer of the memory
 *   and the active window (plus the grace below); a visitor coming back later starts a new one.
 * - History (`keep_history_days`): how long messages and conversations stay in the Conversations
 *   tab, search and exports. Forever (null) stores KEPT_FOREVER; N days keeps a message N days
 *   after it was written and a conversation N days after its last message; Don't keep (0) keeps
 *   them only as long as the conversation needs them (a message for the memory, a conversation
 *   until it is no longer open).
 *
 * A row is never deleted while the memory still needs it, and a conversation row lives two sweeps
 * past that (the grace): every instance's sweep must still find a conversation that just went
 * inactive (to report the bot's new active count) before any instance deletes it.
 */
import { CHAT_LIMITS } from '../../shared/types/chat.js';

/** The expiry of rows kept forever; the column is NOT NULL (migration 009), and nothing is this late. */
export const KEPT_FOREVER = Number.MAX_SAFE_INTEGER;

const DAY_MS = 86_400_000;

/** What a bot keeps: its memory and its Keep history. */
export interface ChatKeeping {
  /** Seconds (short_term_messages_retention_period). */
  memorySeconds: number;
  /** null forever, 0 not kept once the conversation ends, else days. */
  historyDays: number | null;
}

export interface ChatExpiry {
  /** When a message written at `at` expires. */
  messageExpiresAt(at: number, keeping: ChatKeeping): number;
  /** When a conversation whose last activity was at `at` expires. */
  conversationExpiresAt(at: number, keeping: ChatKeeping): number;
  /**
   * Whether a conversation whose last message was at `lastMessageAt` is still open at `at`: until
   * the longer of the memory and the active window has passed, plus the grace (so with Don't
   * keep it is open exactly as long as its row lives).
   */
  isOpen(lastMessageAt: number, memorySeconds: number, at: number): boolean;
}

export function chatExpiry(sweepIntervalMs: number): ChatExpiry {
  const graceMs = 2 * sweepIntervalMs;
  const historyMs = (keeping: ChatKeeping) => (keeping.historyDays ?? 0) * DAY_MS;
  return {
    messageExpiresAt: (at, keeping) =>
      keeping.historyDays === null ? KEPT_FOREVER : at + Math.max(historyMs(keeping), keeping.memorySeconds * 1000),
    conversationExpiresAt: (at, keeping) =>
      keeping.historyDays === null
        ? KEPT_FOREVER
        : at + Math.max(historyMs(keeping), openMs(keeping.memorySeconds)) + graceMs,
    isOpen: (lastMessageAt, memorySeconds, at) => lastMessageAt + openMs(memorySeconds) + graceMs > at,
  };
}

/** The bot's two settings from its row. */
export function keepingOf(bot: {
  short_term_messages_retention_period: number;
  keep_history_days: number | null;
}): ChatKeeping {
  return { memorySeconds: bot.short_term_messages_retention_period, historyDays: bot.keep_history_days };
}

/** Whether texts are stored at all: not with Don't keep and no memory (they would expire as written). */
export function keepsTexts(keeping: ChatKeeping): boolean {
  return keeping.historyDays !== 0 || keeping.memorySeconds > 0;
}

/** How long after its last message a conversation stays open (before the grace). */
function openMs(memorySeconds: number): number {
  return Math.max(memorySeconds * 1000, CHAT_LIMITS.activeWindowMs);
}

/**
 * When chat rows expire (migration 009). A message lives for its bot's short-term retention; a
 * conversation row lives while it has had activity within both the retention and the active
 * window, plus a grace of two sweeps: every instance's sweep must still find a conversation that
 * just went inactive (to report the bot's new active count) before any instance deletes it.
 */
import { CHAT_LIMITS } from '../../shared/types/chat.js';

export interface ChatExpiry {
  /** When a message written at `at` expires. */
  messageExpiresAt(at: number, retentionSeconds: number): number;
  /** When a conversation whose last activity was at `at` expires. */
  conversationExpiresAt(at: number, retentionSeconds: number): number;
}

export function chatExpiry(sweepIntervalMs: number): ChatExpiry {
  const graceMs = 2 * sweepIntervalMs;
  return {
    messageExpiresAt: (at, retentionSeconds) => at + retentionSeconds * 1000,
    conversationExpiresAt: (at, retentionSeconds) => at + Math.max(retentionSeconds * 1000, CHAT_LIMITS.activeWindowMs) + graceMs,
  };
}

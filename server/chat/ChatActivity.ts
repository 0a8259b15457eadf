/**
 * Active conversations of bots (a visitor message within CHAT_LIMITS.activeWindowMs): counted for
 * the bot answers of /api/webchats, and sent as `webchat.activity` to the owner's consoles on
 * this instance when a bot's number changes (a conversation starts or resumes, found by the chat
 * engine; one goes quiet, found by the sweep).
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../core/types.js';
import { activeConversationCounts, activeSince } from '../db/chatConversations.js';
import type { Database } from '../db/schema.js';
import type { ConnectionRegistry } from '../realtime/ConnectionRegistry.js';

export interface WebchatOfUser {
  webchatId: string;
  userId: string;
}

export class ChatActivity {
  constructor(
    private readonly deps: { db: Kysely<Database>; clock: Clock; realtime: Pick<ConnectionRegistry, 'sendToUser'> },
  ) {}

  /** Active conversations of each bot (0 for bots without any). */
  async counts(webchatIds: readonly string[]): Promise<Map<string, number>> {
    const found = await activeConversationCounts(this.deps.db, webchatIds, activeSince(this.deps.clock()));
    return new Map(webchatIds.map((id) => [id, found.get(id) ?? 0]));
  }

  async count(webchatId: string): Promise<number> {
    return (await this.counts([webchatId])).get(webchatId) ?? 0;
  }

  /** Sends each bot's current count to its owner's consoles. */
  async report(webchats: readonly WebchatOfUser[]): Promise<void> {
    if (webchats.length === 0) return;
    const counts = await this.counts([...new Set(webchats.map((w) => w.webchatId))]);
    for (const { webchatId, userId } of webchats) {
      this.deps.realtime.sendToUser(userId, {
        type: 'webchat.activity',
        webchatId,
        activeConversations: counts.get(webchatId) ?? 0,
      });
    }
  }
}

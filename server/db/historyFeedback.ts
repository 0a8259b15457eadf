/**
 * The history search's feedback filter (issue 25): chats with an answer the visitor rated, in a
 * given way. A correlated EXISTS per chat, read from migration 028's partial index of rated answers.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { HistoryFeedbackFilter } from '../../shared/types/history.js';

/** Whether the conversation whose id `conversationId` holds has such a rated answer. */
export function hasRatedAnswer(
  filter: HistoryFeedbackFilter,
  conversationId: RawBuilder<unknown>,
): RawBuilder<SqlBool> {
  const which =
    filter === 'up' || filter === 'down'
      ? sql` AND m.rating = ${filter}`
      : filter === 'comment'
        ? sql` AND m.rating_comment IS NOT NULL`
        : sql``;
  return sql<SqlBool>`EXISTS (SELECT 1 FROM chat_messages m
    WHERE m.conversation_id = ${conversationId} AND m.rating IS NOT NULL${which})`;
}

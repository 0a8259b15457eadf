/**
 * Visitors' ratings of answers (migration 028): written on the answer's row, counted per
 * conversation for the Conversations list, and per bot from the Analytics rollup for the cards.
 */
import { type Kysely, sql } from 'kysely';
import type { AnswerRating } from '../../shared/types/chat.js';
import type { FeedbackCounts } from '../../shared/types/history.js';
import type { Database } from './schema.js';

export interface AnswerRatingRecord {
  conversationId: string;
  messageId: string;
  rating: AnswerRating;
  comment: string | null;
  at: number;
}

/** Rates an answer of the conversation (the last rating wins); false when it has no such answer. */
export async function rateAnswerRow(db: Kysely<Database>, record: AnswerRatingRecord): Promise<boolean> {
  const result = await db
    .updateTable('chat_messages')
    .set({ rating: record.rating, rating_comment: record.comment, rated_at: record.at })
    .where('id', '=', record.messageId)
    .where('conversation_id', '=', record.conversationId)
    .where('role', '=', 'assistant')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const sumOf = (rating: AnswerRating) => sql<number | string>`sum(CASE WHEN rating = ${rating} THEN 1 ELSE 0 END)`;

/** Thumbs up and down of each of these conversations' answers; conversations without any are absent. */
export async function conversationFeedback(
  db: Kysely<Database>,
  conversationIds: readonly string[],
): Promise<Map<string, FeedbackCounts>> {
  if (conversationIds.length === 0) return new Map();
  // The partial index of migration 028 holds only rated answers.
  const rows = await db
    .selectFrom('chat_messages')
    .select(['conversation_id', sumOf('up').as('up'), sumOf('down').as('down')])
    .where('conversation_id', 'in', [...conversationIds])
    .where('rating', 'is not', null)
    .groupBy('conversation_id')
    .execute();
  return new Map(rows.map((row) => [row.conversation_id, { up: Number(row.up), down: Number(row.down) }]));
}

/**
 * Each of the owner's bots' thumbs since `since`, from the Analytics rollup (one range of its
 * key): the counts stay after the answers' texts expire. Bots without any are absent.
 */
export async function recentFeedback(
  db: Kysely<Database>,
  userId: string,
  since: number,
): Promise<Map<string, FeedbackCounts>> {
  const rows = await db
    .selectFrom('analytics_hours')
    .select((eb) => [
      'source_id',
      eb.fn.sum<number | string>('feedback_up').as('up'),
      eb.fn.sum<number | string>('feedback_down').as('down'),
    ])
    .where('user_id', '=', userId)
    .where('hour_start', '>=', since)
    .where('kind', '=', 'chat')
    .groupBy('source_id')
    .execute();
  return new Map(
    rows
      .map((row): [string, FeedbackCounts] => [row.source_id, { up: Number(row.up), down: Number(row.down) }])
      .filter(([, counts]) => counts.up + counts.down > 0),
  );
}

/**
 * Another owner's history (a bot with one chat turn, and one call), seeded for the tests that check
 * none of it ever reaches the first owner's history, search or export.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';
import { seedBot, seedCall, seedChat } from './seedHistory.js';

export interface OtherOwnerWords {
  question: string;
  answer: string;
  /** What the caller says in the call. */
  call: string;
}

export async function seedOtherOwner(
  db: Kysely<Database>,
  userId: string,
  start: number,
  words: OtherOwnerWords,
): Promise<void> {
  const botId = await seedBot(db, userId, 'Bob bot');
  await seedChat(db, { userId, webchatId: botId, start, turns: [{ question: words.question, answer: words.answer }] });
  await seedCall(db, { userId, start, messages: [{ type: 'user', message: words.call }] });
}

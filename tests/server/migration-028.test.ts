/**
 * Migration 028 (feedback on answers) on a database made before it: kept answers have no rating
 * and keep their words and figures; a rating given afterwards counts in the Analytics rollup
 * under the answer's hour, and moves when changed; and the migration goes down again.
 */
import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { rateAnswerRow } from '../../server/db/answerFeedback.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { insertUser } from '../../server/db/users.js';
import { seedBot, seedChat } from '../helpers/analyticsSeed.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';

const START = Date.parse('2026-03-01T10:00:00Z');
const HOUR = 3_600_000;

it('leaves kept answers unrated, counts later ratings in their hour, and goes down again', async () => {
  const { db, close } = await databaseMigratedTo('026-starter-questions');
  try {
    const user = await insertUser(db, { username: 'before028', email: null, role: 'user', passwordHash: 'x' }, 1);
    const bot = await seedBot(db, user.id, 'Support');
    const chatId = await seedChat(db, {
      userId: user.id,
      webchatId: bot,
      start: START,
      answers: [{ model: 'gpt-4o-mini', input: 100, cached: 0, output: 20 }],
    });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    expect((await migrator.migrateTo('028-answer-feedback')).error).toBeUndefined();

    const answer = await db
      .selectFrom('chat_messages')
      .selectAll()
      .where('conversation_id', '=', chatId)
      .where('role', '=', 'assistant')
      .executeTakeFirstOrThrow();
    expect(answer).toMatchObject({ text: 'Answer 0', model: 'gpt-4o-mini', rating: null, rating_comment: null });
    const rollup = () =>
      db
        .selectFrom('analytics_hours')
        .select(['hour_start', 'sessions', 'output_text', 'feedback_up', 'feedback_down'])
        .where('user_id', '=', user.id)
        .where('model', '=', '')
        .execute();
    expect((await rollup()).map((row) => Number(row.feedback_up) + Number(row.feedback_down))).toEqual([0]);

    await rateAnswerRow(db, { conversationId: chatId, messageId: answer.id, rating: 'down', comment: 'No', at: 2 });
    expect(
      (await rollup()).map((row) => [Number(row.hour_start), Number(row.feedback_up), Number(row.feedback_down)]),
    ).toEqual([[Math.floor(START / HOUR) * HOUR, 0, 1]]);
    await rateAnswerRow(db, { conversationId: chatId, messageId: answer.id, rating: 'up', comment: null, at: 3 });
    await rateAnswerRow(db, { conversationId: chatId, messageId: answer.id, rating: 'up', comment: 'Again', at: 4 });
    expect((await rollup()).map((row) => [Number(row.feedback_up), Number(row.feedback_down)])).toEqual([[1, 0]]);

    expect((await migrator.migrateTo('026-starter-questions')).error).toBeUndefined();
    const { rows } = await sql<{ text: string }>`SELECT text FROM chat_messages WHERE id = ${answer.id}`.execute(db);
    expect(rows).toEqual([{ text: 'Answer 0' }]);
  } finally {
    await close();
  }
});

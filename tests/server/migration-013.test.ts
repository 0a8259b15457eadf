/**
 * Migration 013 (Keep history, issue 18) on a database made before it: existing agents and bots
 * keep their history forever, and nothing kept so far is deleted by the new rules, not even the
 * chats the bot's retention would have deleted before.
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { deleteExpiredCalls } from '../../server/db/callSweep.js';
import { deleteExpiredConversations, deleteExpiredMessages } from '../../server/db/chatSweep.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/schema.js';
import { countEndedSessions } from '../../server/db/sessions.js';
import { insertUser } from '../../server/db/users.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedChat } from '../helpers/seedHistory.js';
import { seedLegacyAgent, seedLegacyBot, seedLegacyCall } from '../helpers/seedLegacy.js';

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await databaseMigratedTo('012-history-search'));
});
afterEach(() => close());

const T0 = Date.UTC(2026, 0, 5);

it('gives existing agents and bots Forever and deletes none of the calls and chats kept so far', async () => {
  const user = await insertUser(db, { username: 'before013', email: null, role: 'user', passwordHash: 'x' }, T0);
  const agentId = await seedLegacyAgent(db, user.id);
  const botId = await seedLegacyBot(db, user.id, 60);
  const sids = [
    await seedLegacyCall(db, {
      userId: user.id,
      agentId,
      start: T0,
      messages: [{ type: 'user', message: 'An old call' }],
    }),
    await seedLegacyCall(db, {
      userId: user.id,
      agentId,
      start: T0 + 120_000,
      messages: [{ type: 'assistant', message: 'Another old call' }],
    }),
  ];
  // Written with the expiry times of the release before: a minute's retention, nothing kept after it.
  const chatId = await seedChat(db, {
    userId: user.id,
    webchatId: botId,
    start: T0,
    retentionSeconds: 60,
    keepHistoryDays: 0,
    turns: [{ question: 'An old question', answer: 'An old answer' }],
  });

  await migrateToLatest(db);
  expect(
    (await db.selectFrom('agents').select('keep_history_days').where('id', '=', agentId).executeTakeFirstOrThrow())
      .keep_history_days,
  ).toBeNull();
  expect(
    (await db.selectFrom('webchats').select('keep_history_days').where('id', '=', botId).executeTakeFirstOrThrow())
      .keep_history_days,
  ).toBeNull();

  const years = T0 + 10 * 365 * 86_400_000;
  expect(await deleteExpiredMessages(db, years)).toBe(0);
  expect(await deleteExpiredConversations(db, years)).toBe(0);
  expect(await deleteExpiredCalls(db, years)).toBe(0);
  expect(
    (
      await db.selectFrom('chat_messages').select('text').where('conversation_id', '=', chatId).orderBy('seq').execute()
    ).map((m) => m.text),
  ).toEqual(['An old question', 'An old answer']);
  expect(
    await db
      .selectFrom('chat_conversations')
      .select('first_question')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow(),
  ).toEqual({ first_question: 'An old question' });
  expect(
    await db.selectFrom('call_sessions').select(['stream_sid', 'expires_at']).orderBy('ended_seq').execute(),
  ).toEqual(sids.map((sid) => ({ stream_sid: sid, expires_at: null })));
  expect(await countEndedSessions(db, user.id)).toBe(2);
  expect((await db.selectFrom('history_entries').select('body').orderBy('rid').execute()).map((e) => e.body)).toEqual([
    'An old call',
    'Another old call',
    'An old question',
    'An old answer',
  ]);
});

/**
 * Migration 015 (test chats, issue 20) on a database made before it: every conversation kept so
 * far is a visitor’s, still counted as active.
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { activeConversationCounts } from '../../server/db/chatConversations.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/schema.js';
import { insertUser } from '../../server/db/users.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedChat } from '../helpers/seedHistory.js';
import { seedLegacyBot } from '../helpers/seedLegacy.js';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, close } = await databaseMigratedTo('014-voice-webhook-lookups'));
});
afterEach(() => close());

const T0 = Date.UTC(2026, 10, 2);

it('marks every existing conversation as a visitor’s, which the active count keeps counting', async () => {
  const user = await insertUser(db, { username: 'before015', email: null, role: 'user', passwordHash: 'x' }, T0);
  const botId = await seedLegacyBot(db, user.id, 3600);
  const chatId = await seedChat(db, {
    userId: user.id,
    webchatId: botId,
    start: T0,
    retentionSeconds: 3600,
    keepHistoryDays: null,
    turns: [{ question: 'Kept before the migration', answer: 'Yes' }],
  });

  await migrateToLatest(db);
  const row = await db.selectFrom('chat_conversations').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow();
  expect(row.test).toBe(0);
  expect(row.first_question).toBe('Kept before the migration');
  expect((await activeConversationCounts(db, [botId], T0 - 1)).get(botId)).toBe(1);
});

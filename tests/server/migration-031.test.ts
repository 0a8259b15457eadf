/**
 * Migration 031 (chat take-over, issue 23) on a database made before it: existing conversations
 * are held by nobody and wait for nobody, existing messages are nobody's operator messages, and
 * existing bots don't offer "Talk to a person"; the conversations can then be taken over.
 */
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { findConversation, insertConversation, newConversationId } from '../../server/db/chatConversations.js';
import { saveTurn } from '../../server/db/chatMessages.js';
import { takeOverConversation } from '../../server/db/chatTakeover.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { insertUser } from '../../server/db/users.js';
import { findPublicWebchatRow } from '../../server/db/webchats.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyBot } from '../helpers/seedLegacy.js';

it('leaves the conversations and bots kept before it with the bot answering, and lets them be taken over', async () => {
  const { db, close } = await databaseMigratedTo('026-starter-questions');
  try {
    const user = await insertUser(db, { username: 'before031', email: null, role: 'user', passwordHash: 'x' }, 1);
    const botId = await seedLegacyBot(db, user.id, 600);
    const conversationId = newConversationId();
    await insertConversation(db, {
      id: conversationId,
      user_id: user.id,
      webchat_id: botId,
      at: 1,
      expires_at: 10 ** 12,
    });
    await saveTurn(db, {
      conversationId,
      question: { id: 'q-before-031', text: 'Hello', at: 2 },
      toolCalls: [],
      answer: { id: 'a-before-031', text: 'Hi there', at: 3, figures: null },
      messageExpiresAt: () => 10 ** 12,
      conversationExpiresAt: 10 ** 12,
    });

    const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo(
      '031-chat-takeover',
    );
    expect(error).toBeUndefined();

    expect((await findPublicWebchatRow(db, botId))?.talk_to_person).toBe(0);
    const row = await findConversation(db, botId, conversationId);
    expect(row).toMatchObject({ operator_id: null, operator_name: null, waiting_since: null, message_count: 2 });
    const messages = await db.selectFrom('chat_messages').select(['id', 'operator_name']).orderBy('seq').execute();
    expect(messages).toEqual([
      { id: 'q-before-031', operator_name: null },
      { id: 'a-before-031', operator_name: null },
    ]);
    const taken = await takeOverConversation(
      db,
      { ownerId: user.id, webchatId: botId, conversationId },
      { id: user.id, name: 'before031' },
    );
    expect(taken).toMatchObject({ operator_id: user.id, operator_name: 'before031' });
  } finally {
    await close();
  }
});

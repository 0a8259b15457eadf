/**
 * Migration 036 (citations, issue 24) on a database made before it: existing pages have no title
 * and existing answers no sources; both keep their data, and a page saved with a title and an
 * answer kept with its sources read back afterwards.
 */
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { insertConversation, newConversationId } from '../../server/db/chatConversations.js';
import { keptMessages, saveTurn } from '../../server/db/chatMessages.js';
import { loadKnowledge, saveKnowledge } from '../../server/db/knowledge.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { readSources } from '../../server/db/storedSources.js';
import { insertUser } from '../../server/db/users.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyBot } from '../helpers/seedLegacy.js';

it('leaves pages without a title and answers without sources, then keeps both', async () => {
  const { db, close } = await databaseMigratedTo('032-keypad-voicemail');
  try {
    const user = await insertUser(db, { username: 'before036', email: null, role: 'user', passwordHash: 'x' }, 1);
    const botId = await seedLegacyBot(db, user.id, 600);
    await db
      .insertInto('webchat_knowledge')
      .values({ webchat_id: botId, site_url: 'shop.example', summary: '', updated_at: 1 })
      .execute();
    await db
      .insertInto('knowledge_pages')
      .values({ webchat_id: botId, position: 0, url: 'https://shop.example/', selected: 1, char_count: 5 })
      .execute();
    const conversationId = newConversationId();
    await insertConversation(db, {
      id: conversationId,
      user_id: user.id,
      webchat_id: botId,
      at: 1,
      expires_at: 10 ** 12,
    });
    const turn = (id: string, at: number) => ({
      conversationId,
      question: { id: `q-${id}`, text: 'Hello', at },
      toolCalls: [],
      answer: { id, text: 'Hi there', at: at + 1, figures: null },
      messageExpiresAt: () => 10 ** 12,
      conversationExpiresAt: 10 ** 12,
    });
    await saveTurn(db, turn('a-before-036', 2));

    const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo(
      '036-citations',
    );
    expect(error).toBeUndefined();

    expect(await db.selectFrom('knowledge_pages').select(['url', 'title']).execute()).toEqual([
      { url: 'https://shop.example/', title: '' },
    ]);
    const before = await keptMessages(db, conversationId, 0, 10);
    expect(before.map((m) => [m.id, m.text, m.sources])).toEqual([
      ['q-a-before-036', 'Hello', null],
      ['a-before-036', 'Hi there', null],
    ]);

    const source = { label: 'Shop', url: 'https://shop.example/', page: 0, passage: 0 };
    await saveTurn(db, { ...turn('a-after-036', 5), answer: { ...turn('a-after-036', 5).answer, sources: [source] } });
    const after = await keptMessages(db, conversationId, 0, 10);
    expect(readSources(after.at(-1)?.sources)).toEqual([source]);
    await saveKnowledge(db, botId, {
      siteUrl: 'shop.example',
      summary: '',
      pages: [{ url: 'https://shop.example/', title: 'Shop', text: 'Bikes', selected: true }],
    });
    expect((await loadKnowledge(db, botId)).pages).toEqual([
      { url: 'https://shop.example/', title: 'Shop', text: 'Bikes', selected: true },
    ]);
  } finally {
    await close();
  }
});

/**
 * Migration 034 (documents in knowledge, issue 24) on a database made before it: the crawled
 * pages kept before it stay pages (source_kind 'page', no file name) with their selection and
 * passages, and a document can be saved beside them afterwards.
 */
import { expect, it } from 'vitest';
import { loadKnowledge, saveKnowledge, searchKnowledge } from '../../server/db/knowledge.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { insertUser } from '../../server/db/users.js';
import { insertWebchat } from '../../server/db/webchats.js';
import { NEW_WEBCHAT_COLUMNS } from '../../server/webchats/toWebchat.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';

it('keeps the pages saved before it as crawled pages, and takes documents after it', async () => {
  const { db, close } = await databaseMigratedTo('032-keypad-voicemail');
  try {
    const user = await insertUser(db, { username: 'before034', email: null, role: 'user', passwordHash: 'x' }, 1);
    const bot = (await insertWebchat(db, user.id, { ...NEW_WEBCHAT_COLUMNS, name: 'Old', description: 'd' }, [], 1)).row
      .id;
    const before = {
      siteUrl: 'old.example',
      summary: 'Old shop.',
      pages: [
        { url: 'https://old.example/', text: 'We repair old clocks.', selected: true },
        { url: 'https://old.example/hidden', text: 'Hidden page.', selected: false },
      ],
    };
    // Written as the code before 034 wrote them (saveKnowledge now names the new columns).
    await db
      .insertInto('webchat_knowledge')
      .values({ webchat_id: bot, site_url: 'old.example', summary: 'Old shop.', updated_at: 1 })
      .execute();
    for (const [position, page] of before.pages.entries()) {
      await db
        .insertInto('knowledge_pages')
        .values({
          webchat_id: bot,
          position,
          url: page.url,
          selected: page.selected ? 1 : 0,
          char_count: page.text.length,
        })
        .execute();
      await db
        .insertInto('knowledge_passages')
        .values({ webchat_id: bot, page_position: position, seq: 0, text: page.text })
        .execute();
    }
    await migrateToLatest(db);

    expect(await loadKnowledge(db, bot)).toEqual(before);
    const rows = await db.selectFrom('knowledge_pages').select(['url', 'source_kind', 'file_name']).execute();
    expect(rows).toEqual([
      { url: 'https://old.example/', source_kind: 'page', file_name: '' },
      { url: 'https://old.example/hidden', source_kind: 'page', file_name: '' },
    ]);
    expect((await searchKnowledge(db, bot, 'clocks', { maxChars: 500 })).map((p) => p.url)).toEqual([
      'https://old.example/',
    ]);

    const after = {
      ...before,
      pages: [...before.pages, { url: '', text: 'Clock manual.', selected: true, fileName: 'manual.pdf' }],
    };
    await saveKnowledge(db, bot, after);
    expect(await loadKnowledge(db, bot)).toEqual(after);
  } finally {
    await close();
  }
});

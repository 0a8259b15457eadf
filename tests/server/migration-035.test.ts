/**
 * Migration 035 (re-crawl schedules, issue 24) on a database made before it: existing knowledge
 * keeps its pages and summary, has no schedule and no re-crawl yet, and no page is gone.
 */
import { expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import { insertUser } from '../../server/db/users.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyBot } from '../helpers/seedLegacy.js';

it('gives the knowledge kept before it no schedule, and keeps its pages', async () => {
  const { db, close } = await databaseMigratedTo('032-keypad-voicemail');
  try {
    const user = await insertUser(db, { username: 'before035', email: null, role: 'user', passwordHash: 'x' }, 1);
    const id = await seedLegacyBot(db, user.id);
    await db
      .insertInto('webchat_knowledge')
      .values({ webchat_id: id, site_url: 'old.example', summary: 'S', updated_at: 1 } as never)
      .execute();
    await db
      .insertInto('knowledge_pages')
      .values({ webchat_id: id, position: 0, url: 'https://old.example/', selected: 1, char_count: 4 } as never)
      .execute();
    await migrateToLatest(db);
    const knowledge = await db.selectFrom('webchat_knowledge').selectAll().executeTakeFirstOrThrow();
    expect(knowledge).toMatchObject({
      site_url: 'old.example',
      summary: 'S',
      recrawl_frequency: 'off',
      recrawl_next_at: null,
      recrawled_at: null,
      recrawl_new_pages: 'selected',
    });
    expect(Number(knowledge.recrawl_lease_until)).toBe(0);
    const page = await db.selectFrom('knowledge_pages').selectAll().executeTakeFirstOrThrow();
    expect(page).toMatchObject({ url: 'https://old.example/', selected: 1, content_hash: '', etag: '', gone_at: null });
  } finally {
    await close();
  }
});

/**
 * The knowledge repository (server/db/knowledge.ts) on SQLite, and on PostgreSQL on that pass
 * (tests/helpers/testDatabase.ts): saved whole and read back exactly, searched
 * passage by passage by relevance within a budget, never leaking excluded pages or other bots,
 * and never reading a question as query syntax.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../server/db/dialect.js';
import {
  botKey,
  loadKnowledge,
  loadKnowledgeSummary,
  saveKnowledge,
  searchKnowledge,
} from '../../server/db/knowledge.js';
import { PASSAGE_CHARS } from '../../server/db/passages.js';
import { botOfNewUser, LONG_PAGE_TEXT, SHOP_KNOWLEDGE } from '../helpers/knowledgeSamples.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { TEST_DATABASE } from '../helpers/testDatabase.js';

describe(`knowledge on ${TEST_DATABASE === 'postgres' ? 'PostgreSQL' : 'SQLite'}`, () => {
  let t: TestApp;
  let shop: string;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await botOfNewUser(t);
    await saveKnowledge(t.db, shop, SHOP_KNOWLEDGE);
  });
  afterAll(() => t?.close());

  /** Another user's bot `name` whose knowledge is the one selected page `url` holding `text`. */
  const botWithOnePage = async (name: string, url: string, text: string) => {
    const bot = await botOfNewUser(t, name);
    await saveKnowledge(t.db, bot, { siteUrl: '', summary: '', pages: [{ url, text, selected: true }] });
    return bot;
  };
  const urlsFor = async (question: string, maxChars = 4_000) =>
    (await searchKnowledge(t.db, shop, question, { maxChars })).map((p) => p.url);

  it('reads back the site address, summary, pages in order, selection and texts exactly', async () => {
    expect(await loadKnowledge(t.db, shop)).toEqual(SHOP_KNOWLEDGE);
    expect(await loadKnowledgeSummary(t.db, shop)).toEqual({
      siteUrl: 'shop.example',
      summary: SHOP_KNOWLEDGE.summary,
    });
  });

  it('keeps a long page as passages of about 1,000 characters that join back into the page', async () => {
    const { rows } = await sql<{
      text: string;
    }>`SELECT text FROM knowledge_passages WHERE webchat_id = ${shop} AND page_position = 4 ORDER BY seq`.execute(t.db);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((row) => row.text.length <= PASSAGE_CHARS)).toBe(true);
    expect(rows.map((row) => row.text).join('')).toBe(LONG_PAGE_TEXT);
  });

  it('an unsaved bot has an empty knowledge base', async () => {
    const bot = await botOfNewUser(t);
    expect(await loadKnowledge(t.db, bot)).toEqual({ siteUrl: '', pages: [], summary: '' });
    expect(await searchKnowledge(t.db, bot, 'opening hours', { maxChars: 1000 })).toEqual([]);
  });

  it('ranks the page that answers the question first, with word forms matched', async () => {
    expect((await urlsFor('When are you open on Sunday?'))[0]).toBe('https://shop.example/hours');
    expect((await urlsFor('How do refunds work?'))[0]).toBe('https://shop.example/refunds');
    expect((await urlsFor('Do you sell a helmet?'))[0]).toBe('https://shop.example/');
  });

  it('answers with the relevant passage of a long page, not the whole page', async () => {
    const [best] = await searchKnowledge(t.db, shop, 'Is there a warranty on the frame?', { maxChars: 4_000 });
    if (!best) throw new Error('nothing found');
    expect(best.url).toBe('https://shop.example/guide');
    expect(best.text).toContain('lifetime warranty');
    expect(best.text).not.toContain('Parcels leave our warehouse');
    expect(best.text.length).toBeLessThanOrEqual(PASSAGE_CHARS);
  });

  it('never returns an excluded page', async () => {
    const found = await searchKnowledge(t.db, shop, 'safe code refund override password staff', { maxChars: 10_000 });
    expect(found.map((p) => p.url)).not.toContain('https://shop.example/internal');
    expect(found.some((p) => p.text.includes('safe code'))).toBe(false);
  });

  it("never returns another bot's passages", async () => {
    const other = await botWithOnePage(
      'Other',
      'https://other.example/',
      'Zebra crossings and opening hours of the zoo.',
    );
    expect(await urlsFor('zebra')).toEqual([]);
    expect((await searchKnowledge(t.db, other, 'zebra opening hours', { maxChars: 1000 })).map((p) => p.url)).toEqual([
      'https://other.example/',
    ]);
  });

  it('stays within the character budget, best passages first', async () => {
    const found = await searchKnowledge(t.db, shop, 'paragraph about couriers frames page long', { maxChars: 1_500 });
    expect(found.length).toBeGreaterThan(0);
    expect(found.reduce((sum, p) => sum + p.text.length, 0)).toBeLessThanOrEqual(1_500);
    expect(await searchKnowledge(t.db, shop, 'opening hours', { maxChars: 10 })).toEqual([]);
  });

  it('reads a question as words only: query syntax neither fails nor widens the search', async () => {
    const other = await botWithOnePage('Secret', 'https://secret.example/', 'The vault password is swordfish.');
    const attacks = [
      '"',
      '""',
      '"unterminated',
      'NEAR(vault password)',
      `bot : "${botKey(other)}"`,
      `bot:${botKey(other)}`,
      'text: vault',
      '* OR *',
      'vault*',
      '-password',
      'AND OR NOT',
      "') OR 1=1 --",
      '!(a) & b | c <-> d',
      'a:*',
      '^vault',
      '{bot text}: x',
      '\u0000',
      '🙂 ﷽',
      '   ',
      '?',
      'x'.repeat(10_000),
    ];
    for (const question of attacks) {
      const found = await searchKnowledge(t.db, shop, question, { maxChars: 10_000 });
      expect(
        found.some((p) => p.text.includes('swordfish')),
        question,
      ).toBe(false);
    }
    expect((await searchKnowledge(t.db, other, 'what is the VAULT password?!', { maxChars: 1000 }))[0]?.text).toContain(
      'swordfish',
    );
  });

  it('matches accents both ways where the database folds them', async () => {
    expect(await urlsFor('Café espresso')).toContain('https://shop.example/café');
    if (!isPostgres(t.db)) expect(await urlsFor('cafe')).toContain('https://shop.example/café');
  });

  it('replaces the whole knowledge base on save, searches included', async () => {
    const bot = await botOfNewUser(t);
    await saveKnowledge(t.db, bot, SHOP_KNOWLEDGE);
    const next = {
      siteUrl: 'https://new.example',
      summary: 'New',
      pages: [{ url: 'https://new.example/', text: 'Only kayaks now.', selected: false }],
    };
    await saveKnowledge(t.db, bot, next);
    expect(await loadKnowledge(t.db, bot)).toEqual(next);
    expect(await searchKnowledge(t.db, bot, 'opening hours refunds', { maxChars: 10_000 })).toEqual([]);
    await saveKnowledge(t.db, bot, {
      ...next,
      pages: [{ url: 'https://new.example/', text: 'Only kayaks now.', selected: true }],
    });
    expect((await searchKnowledge(t.db, bot, 'kayaks', { maxChars: 1000 })).map((p) => p.text)).toEqual([
      'Only kayaks now.',
    ]);
  });

  it('drops NUL characters, which PostgreSQL cannot store', async () => {
    const bot = await botOfNewUser(t);
    await saveKnowledge(t.db, bot, {
      siteUrl: '',
      summary: 'a\u0000b',
      pages: [{ url: 'https://x.example/', text: 'nul\u0000here', selected: true }],
    });
    expect(await loadKnowledge(t.db, bot)).toMatchObject({ summary: 'ab', pages: [{ text: 'nulhere' }] });
  });

  it('two saves of one bot at once both finish, one of them whole', async () => {
    const bot = await botOfNewUser(t);
    const a = { siteUrl: 'a', summary: 'A', pages: [{ url: 'https://a.example/', text: 'Apples', selected: true }] };
    const b = { siteUrl: 'b', summary: 'B', pages: [{ url: 'https://b.example/', text: 'Bananas', selected: true }] };
    await Promise.all([saveKnowledge(t.db, bot, a), saveKnowledge(t.db, bot, b)]);
    expect([a, b]).toContainEqual(await loadKnowledge(t.db, bot));
  });

  it('goes with its bot, search index included', async () => {
    const bot = await botOfNewUser(t);
    await saveKnowledge(t.db, bot, SHOP_KNOWLEDGE);
    await t.db.deleteFrom('webchats').where('id', '=', bot).execute();
    const left = async (table: 'webchat_knowledge' | 'knowledge_pages' | 'knowledge_passages') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('webchat_id', '=', bot)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await left('webchat_knowledge'), await left('knowledge_pages'), await left('knowledge_passages')]).toEqual([
      0, 0, 0,
    ]);
    if (!isPostgres(t.db)) {
      const { rows } = await sql<{
        rowid: number;
      }>`SELECT rowid FROM knowledge_passages_fts WHERE knowledge_passages_fts MATCH ${`bot : "${botKey(bot)}"`}`.execute(
        t.db,
      );
      expect(rows).toEqual([]);
    }
  });
});

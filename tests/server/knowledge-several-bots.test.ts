/**
 * Searching several bots' knowledge at once (issue 24, a voice agent's knowledge bases) and the
 * terms in most passages (db/commonTerms.ts), on SQLite and on PostgreSQL on that pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutCommonTerms } from '../../server/db/commonTerms.js';
import { isPostgres } from '../../server/db/dialect.js';
import { saveKnowledge, searchKnowledgeOf } from '../../server/db/knowledge.js';
import { botOfNewUser } from '../helpers/knowledgeSamples.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { TEST_DATABASE } from '../helpers/testDatabase.js';

describe(`knowledge of several bots on ${TEST_DATABASE === 'postgres' ? 'PostgreSQL' : 'SQLite'}`, () => {
  let t: TestApp;
  let shop: string;
  let cafe: string;
  let other: string;
  const page = (url: string, text: string, selected = true) => ({ url, text, selected });
  beforeAll(async () => {
    t = await createTestApp();
    shop = await botOfNewUser(t, 'Shop');
    cafe = await botOfNewUser(t, 'Cafe');
    other = await botOfNewUser(t, 'Other');
    await saveKnowledge(t.db, shop, {
      siteUrl: 'shop.example',
      summary: '',
      pages: [
        page('https://shop.example/hours', 'Our bikes shop opening hours: nine to six, Monday to Saturday.'),
        page('https://shop.example/a', 'Bikes for the city, bikes for the road, bikes for children.'),
        page('https://shop.example/b', 'Bikes come with a free first check of the brakes.'),
        page('https://shop.example/c', 'Electric bikes and their batteries, explained.'),
        page('https://shop.example/hidden', 'Opening hours of the secret workshop.', false),
      ],
    });
    await saveKnowledge(t.db, cafe, {
      siteUrl: 'cafe.example',
      summary: '',
      pages: [page('https://cafe.example/menu', 'The cafe is opening at seven, closing at three.')],
    });
    await saveKnowledge(t.db, other, {
      siteUrl: 'other.example',
      summary: '',
      pages: [page('https://other.example/', 'Opening times of a bot nobody asked about.')],
    });
  });
  afterAll(() => t?.close());

  const urls = async (ids: string[], question: string) =>
    (await searchKnowledgeOf(t.db, ids, question, { maxChars: 10_000 })).map((p) => p.url);

  it("ranks the selected passages of every bot asked, and only those bots' passages", async () => {
    const found = await urls([shop, cafe], 'opening');
    expect(found.sort()).toEqual(['https://cafe.example/menu', 'https://shop.example/hours']);
    expect(await urls([], 'opening')).toEqual([]);
  });

  it('on SQLite, leaves out a term found in most passages of a large index, never all of a question', async () => {
    // "bikes" is in most of the index's passages: bm25 gives it no weight. PostgreSQL keeps every
    // term (ts_rank has no IDF).
    const dropped = await withoutCommonTerms(t.db, ['bikes', 'hours'], 1);
    expect(dropped).toEqual(isPostgres(t.db) ? ['bikes', 'hours'] : ['hours']);
    // A question of common terms alone keeps them.
    expect(await withoutCommonTerms(t.db, ['bikes', 'opening'], 1)).toEqual(['bikes', 'opening']);
  });

  it('keeps every term of a question in a small index, where half the passages may be the answer', async () => {
    const found = await urls([shop], 'bikes hours');
    expect(found[0]).toBe('https://shop.example/hours');
    expect(found).toHaveLength(4);
    expect(await withoutCommonTerms(t.db, ['bikes', 'hours'])).toEqual(['bikes', 'hours']);
  });
});

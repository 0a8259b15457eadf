/**
 * A bot's knowledge base through the bot API (issue 9): saved with PUT or POST, read back with
 * GET /webchats/{id}, kept when a PUT leaves it out, never in the list, checked field by field,
 * held to the user's quotas, and gone with its bot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKnowledge } from '../../server/db/knowledge.js';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { WebchatKnowledge } from '../../shared/types/knowledge.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let alice: WebchatCaller;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t);
});
afterAll(() => t.close());

const KNOWLEDGE: WebchatKnowledge = {
  site_url: 'bakery.example',
  summary: 'A bakery that opens at seven.',
  pages: [
    { url: 'https://bakery.example/', text: 'Fresh bread every morning from 7:00.', selected: true },
    { url: 'https://bakery.example/cakes', text: 'Birthday cakes to order two days ahead.', selected: false },
    { url: 'https://bakery.example/pdf', text: '', selected: true },
  ],
};

const get = async (id: string) => (await alice.call('GET', `/api/webchats/${id}`)).json<Webchat>();

async function put(id: string, body: unknown, caller = alice) {
  return caller.call('PUT', `/api/webchats/${id}`, body);
}

describe('saving and reading', () => {
  it('saves with PUT, reads back with GET, and searches only what is selected', async () => {
    const bot = await alice.createBot();
    expect(bot.knowledge).toEqual({ site_url: '', pages: [], summary: '' });
    const response = await put(bot.id, { name: 'Bakery', knowledge: KNOWLEDGE });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Webchat>()).toMatchObject({ name: 'Bakery', knowledge: KNOWLEDGE });
    expect((await get(bot.id)).knowledge).toEqual(KNOWLEDGE);
    expect((await searchKnowledge(t.db, bot.id, 'bread in the morning', { maxChars: 1000 })).map((p) => p.url)).toEqual(
      ['https://bakery.example/'],
    );
    expect(await searchKnowledge(t.db, bot.id, 'birthday cakes', { maxChars: 1000 })).toEqual([]);
  });

  it('keeps the knowledge base when a PUT leaves it out, and empties it when sent empty', async () => {
    const bot = await alice.createBot({ knowledge: KNOWLEDGE });
    expect(bot.knowledge).toEqual(KNOWLEDGE);
    await put(bot.id, { description: 'Edited' });
    expect((await get(bot.id)).knowledge).toEqual(KNOWLEDGE);
    await put(bot.id, { knowledge: {} });
    expect((await get(bot.id)).knowledge).toEqual({ site_url: '', pages: [], summary: '' });
  });

  it("keeps each page's title (issue 24: what a citation shows), and a page without one has none", async () => {
    const titled = { ...KNOWLEDGE, pages: [{ ...KNOWLEDGE.pages[0]!, title: 'Bakery | Home' }, KNOWLEDGE.pages[1]!] };
    const bot = await alice.createBot({ knowledge: titled });
    expect((await get(bot.id)).knowledge).toEqual(titled);
    const [passage] = await searchKnowledge(t.db, bot.id, 'fresh bread', { maxChars: 1000 });
    expect(passage).toMatchObject({ url: 'https://bakery.example/', title: 'Bakery | Home', page: 0, seq: 0 });
  });

  it('lists bots without their knowledge', async () => {
    const bob = await signedIn(t);
    await bob.createBot({ knowledge: KNOWLEDGE });
    const [listed] = (await bob.call('GET', '/api/webchats')).json<Webchat[]>();
    expect(listed).not.toHaveProperty('knowledge');
    expect(JSON.stringify(listed)).not.toContain('Fresh bread');
  });

  it('takes a knowledge base larger than the 1 MB of other requests', async () => {
    const text = 'Crumbs and crusts. '.repeat(150_000);
    const knowledge = { site_url: '', summary: '', pages: [{ url: 'https://big.example/', text, selected: true }] };
    const bot = await alice.createBot();
    const response = await put(bot.id, { knowledge });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect((await get(bot.id)).knowledge?.pages[0]?.text).toBe(text);
  });

  it("answers 404 for another user's bot and leaves its knowledge alone", async () => {
    const bot = await alice.createBot({ knowledge: KNOWLEDGE });
    const mallory = await signedIn(t);
    expect((await put(bot.id, { knowledge: { pages: [] } }, mallory)).statusCode).toBe(404);
    expect((await mallory.call('GET', `/api/webchats/${bot.id}`)).statusCode).toBe(404);
    expect((await get(bot.id)).knowledge).toEqual(KNOWLEDGE);
  });

  it('deletes the knowledge with its bot', async () => {
    const bot = await alice.createBot({ knowledge: KNOWLEDGE });
    expect((await alice.call('DELETE', `/api/webchats/${bot.id}`)).statusCode).toBe(200);
    const pages = await t.db.selectFrom('knowledge_pages').select('url').where('webchat_id', '=', bot.id).execute();
    expect(pages).toEqual([]);
    expect(await t.db.selectFrom('webchat_knowledge').selectAll().where('webchat_id', '=', bot.id).execute()).toEqual(
      [],
    );
  });
});

describe('checks', () => {
  const page = { url: 'https://bakery.example/', text: 'Bread', selected: true };
  it.each([
    [[], 'knowledge: must be an object with site_url, pages, summary'],
    ['text', 'knowledge: must be an object with site_url, pages, summary'],
    [{ extra: 1 }, 'knowledge.extra: is not an accepted field'],
    [{ site_url: 5 }, 'knowledge.site_url: must be a string'],
    [{ site_url: 'x'.repeat(2049) }, 'knowledge.site_url: must be at most 2048 characters long'],
    [{ site_url: 'a\u0000b' }, 'knowledge.site_url: must not contain control characters (U+0000)'],
    [{ summary: null }, 'knowledge.summary: must be a string'],
    [{ pages: {} }, 'knowledge.pages: must be a list of pages'],
    [{ pages: [null] }, 'knowledge.pages[0]: must be an object with url, text, selected, title'],
    [
      { pages: [page, { ...page, url: 'javascript:alert(1)' }] },
      'knowledge.pages[1].url: must be an http:// or https:// address',
    ],
    [
      { pages: [{ ...page, url: 'ftp://bakery.example/' }] },
      'knowledge.pages[0].url: must be an http:// or https:// address',
    ],
    [{ pages: [{ ...page, url: '/relative' }] }, 'knowledge.pages[0].url: must be an http:// or https:// address'],
    [
      { pages: [{ ...page, url: `https://b.example/${'x'.repeat(2048)}` }] },
      'knowledge.pages[0].url: must be at most 2048 characters long',
    ],
    [{ pages: [{ ...page, text: 3 }] }, 'knowledge.pages[0].text: must be a string'],
    [{ pages: [{ ...page, selected: 'yes' }] }, 'knowledge.pages[0].selected: must be true or false'],
    [{ pages: [{ url: page.url, text: '' }] }, 'knowledge.pages[0].selected: must be true or false'],
    [{ pages: [{ ...page, notes: 'x' }] }, 'knowledge.pages[0].notes: is not an accepted field'],
    [{ pages: [{ ...page, title: 5 }] }, 'knowledge.pages[0].title: must be a string'],
    [{ pages: [{ ...page, title: 'x'.repeat(301) }] }, 'knowledge.pages[0].title: must be at most 300 characters long'],
    [
      { pages: [{ ...page, title: 'a\u0007b' }] },
      'knowledge.pages[0].title: must not contain control characters (U+0007)',
    ],
    [{ pages: [page, page] }, 'knowledge.pages[1].url: is listed twice'],
  ])('refuses a bad knowledge base with a 400 naming the field (case %#)', async (knowledge, error) => {
    const bot = await alice.createBot({ knowledge: KNOWLEDGE });
    const response = await put(bot.id, { name: 'Renamed', knowledge });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ success: false, code: 'validation_failed', error });
    expect(await get(bot.id)).toMatchObject({ name: bot.name, knowledge: KNOWLEDGE });
  });

  it(`refuses more than ${USER_QUOTAS.knowledgePagesPerWebchat} pages with 403 quota_exceeded`, async () => {
    const bot = await alice.createBot();
    const pages = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ url: `https://many.example/${i}`, text: `Page ${i}`, selected: true }));
    expect((await put(bot.id, { knowledge: { pages: pages(USER_QUOTAS.knowledgePagesPerWebchat) } })).statusCode).toBe(
      200,
    );
    const response = await put(bot.id, { knowledge: { pages: pages(USER_QUOTAS.knowledgePagesPerWebchat + 1) } });
    expectApiError(response, 403, {
      code: 'quota_exceeded',
      error: `Limit reached: at most ${USER_QUOTAS.knowledgePagesPerWebchat} crawled pages per bot`,
    });
  });

  it('refuses page texts and summary past the byte quota with 403 quota_exceeded, on create too', async () => {
    // Multi-byte characters: the quota counts UTF-8 bytes, not characters.
    const half = 'é'.repeat(USER_QUOTAS.knowledgeBytesPerWebchat / 4);
    const knowledge = {
      summary: 'x',
      pages: [
        { url: 'https://a.example/', text: half, selected: true },
        { url: 'https://b.example/', text: half, selected: false },
      ],
    };
    const response = await alice.call('POST', '/api/webchats', { name: 'Big', description: 'd', knowledge });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toBe(
      'Limit reached: at most 5 MB of knowledge text (page texts and summary) per bot',
    );
    expect(
      (
        await alice.call('POST', '/api/webchats', {
          name: 'Big',
          description: 'd',
          knowledge: { ...knowledge, summary: '' },
        })
      ).statusCode,
    ).toBe(201);
  });
});

/**
 * Re-crawl (issue 24, "Fresh") against a local site whose pages change between crawls: the first
 * crawl is the console's (GET /crawl, then the bot saved with its pages), the re-crawl is "Re-crawl
 * now". One page changes, one is new, one answers 404, one is no longer linked, one answers 304 to
 * the stored ETag; the operator's choices stay and "N changed, M new, K gone" is what happened.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchKnowledge } from '../../server/db/knowledge.js';
import type { CrawlResponse } from '../../shared/types/knowledge.js';
import type { RecrawlState } from '../../shared/types/recrawl.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { type ChangingSite, type SitePage, startChangingSite } from '../fixtures/changingSite.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let site: ChangingSite;
let t: TestApp;
let alice: WebchatCaller;

const page = (title: string, body: string, links: string[] = [], extra: Partial<SitePage> = {}): SitePage => ({
  title,
  body,
  links,
  ...extra,
});

beforeAll(async () => {
  site = await startChangingSite({});
  t = await createTestApp({ config: { outboundAllow: [site.hostPort] } });
  alice = await signedIn(t);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

beforeEach(() => {
  site.pages.clear();
  site.pages.set('/', page('Bakery', 'Fresh bread daily.', ['/hours', '/cakes', '/old', '/team', '/menu']));
  site.pages.set('/hours', page('Hours', 'Open from seven until six.', [], { etag: '"hours-1"' }));
  site.pages.set('/cakes', page('Cakes', 'Birthday cakes to order two days ahead.'));
  site.pages.set('/old', page('Old offer', 'Sourdough workshop in spring.'));
  site.pages.set('/team', page('Team', 'Our bakers Anna and Ben.'));
  site.pages.set(
    '/menu',
    page('Menu', 'Croissants and rye loaves.', [], { lastModified: 'Mon, 02 Nov 2026 08:00:00 GMT' }),
  );
});

/** A bot crawled and saved as the console does it, with /team excluded by the operator. */
async function crawledBot(): Promise<Webchat> {
  const bot = await alice.createBot({ name: `Bakery ${Math.random()}` });
  const crawl = await alice.call('GET', `/api/webchats/crawl?url=${encodeURIComponent(`${site.origin}/`)}`);
  expect(crawl.statusCode).toBe(200);
  const { urls, content } = crawl.json<CrawlResponse>();
  const pages = urls.map((url) => ({ url, text: content[url] ?? '', selected: !url.endsWith('/team') }));
  const saved = await alice.call('PUT', `/api/webchats/${bot.id}`, {
    knowledge: { site_url: site.origin, pages, summary: '' },
  });
  expect(saved.statusCode).toBe(200);
  return bot;
}

const knowledgeOf = async (id: string) =>
  (await alice.call('GET', `/api/webchats/${id}`)).json<Webchat>().knowledge?.pages ?? [];
const pageOf = (pages: Awaited<ReturnType<typeof knowledgeOf>>, path: string) =>
  pages.find((p) => p.url === `${site.origin}${path}`);

async function recrawlNow(id: string): Promise<RecrawlState> {
  const response = await alice.call('POST', `/api/webchats/${id}/recrawl/run`);
  expect(response.statusCode).toBe(200);
  return response.json<RecrawlState>();
}

describe('a re-crawl of a site that changed', () => {
  it('counts 2 changed, 1 new, 2 gone, keeps the selections and asks conditionally', async () => {
    const bot = await crawledBot();
    // The console's first crawl keeps text only; the first re-crawl learns the site's validators.
    expect((await recrawlNow(bot.id)).last).toMatchObject({ changed: 0, new: 0, gone: 0 });
    site.pages.set('/', page('Bakery', 'Fresh bread daily.', ['/hours', '/cakes', '/old', '/menu', '/news']));
    site.pages.set('/cakes', page('Cakes', 'Wedding cakes to order a week ahead.'));
    site.pages.delete('/old');
    site.pages.set('/news', page('News', 'Now open on Sundays.'));
    site.requests.length = 0;

    const state = await recrawlNow(bot.id);

    // "/" changed (its link list), /cakes changed; /news is new; /old answers 404 and /team is no longer linked.
    expect(state.last).toMatchObject({ changed: 2, new: 1, gone: 2, error: null });
    expect(Date.parse(state.last?.at ?? '')).not.toBeNaN();
    const pages = await knowledgeOf(bot.id);
    expect(pageOf(pages, '/cakes')).toMatchObject({ text: expect.stringContaining('Wedding cakes'), selected: true });
    expect(pageOf(pages, '/news')).toMatchObject({ text: expect.stringContaining('open on Sundays'), selected: true });
    expect(pageOf(pages, '/old')).toMatchObject({ gone: true, text: '' });
    // Gone, but still the operator's Excluded choice should it come back.
    expect(pageOf(pages, '/team')).toMatchObject({ gone: true, selected: false });
    expect(pageOf(pages, '/hours')).toMatchObject({ text: expect.stringContaining('Open from seven') });
    expect(pageOf(pages, '/hours')?.gone).toBeUndefined();
    // The ETag and Last-Modified pages were asked for conditionally and answered 304.
    expect(site.requests.filter((r) => r.path === '/hours')).toEqual([
      { path: '/hours', conditional: true, status: 304 },
    ]);
    expect(site.requests.filter((r) => r.path === '/menu')).toEqual([
      { path: '/menu', conditional: true, status: 304 },
    ]);
    // Gone pages are no longer searched; the changed text is.
    const search = (q: string) => searchKnowledge(t.db, bot.id, q, { maxChars: 4_000 });
    expect(await search('sourdough workshop')).toEqual([]);
    expect((await search('wedding')).map((p) => p.url)).toEqual([`${site.origin}/cakes`]);
    expect(await search('birthday')).toEqual([]);
  });

  it('finds nothing new the second time, follows a 304 page’s stored links, and keeps gone marks through a save', async () => {
    const bot = await crawledBot();
    site.pages.set('/', page('Bakery', 'Fresh bread daily.', ['/hours', '/cakes', '/menu']));
    await recrawlNow(bot.id);
    site.requests.length = 0;
    const again = await recrawlNow(bot.id);
    expect(again.last).toMatchObject({ changed: 0, new: 0, gone: 0 });
    // Saving the bot as the console holds it keeps what the re-crawl knows.
    const pages = await knowledgeOf(bot.id);
    await alice.call('PUT', `/api/webchats/${bot.id}`, { knowledge: { site_url: site.origin, pages, summary: '' } });
    expect(pageOf(await knowledgeOf(bot.id), '/old')).toMatchObject({ gone: true });
    site.requests.length = 0;
    await recrawlNow(bot.id);
    expect(site.requests.find((r) => r.path === '/hours')).toMatchObject({ conditional: true, status: 304 });
  });

  it('adds new pages as Excluded when the bot says so', async () => {
    const bot = await crawledBot();
    const put = await alice.call('PUT', `/api/webchats/${bot.id}/recrawl`, { new_pages: 'excluded' });
    expect(put.json<RecrawlState>().settings.new_pages).toBe('excluded');
    site.pages.set('/hours', { ...page('Hours', 'Open from seven until six.', ['/jobs']), etag: '"hours-2"' });
    site.pages.set('/jobs', page('Jobs', 'We are hiring a baker.'));
    const state = await recrawlNow(bot.id);
    expect(state.last).toMatchObject({ new: 1 });
    expect(pageOf(await knowledgeOf(bot.id), '/jobs')).toMatchObject({ selected: false });
  });

  it('refuses a run for a bot that was never crawled, naming why', async () => {
    const bot = await alice.createBot({ name: 'Never crawled' });
    const response = await alice.call('POST', `/api/webchats/${bot.id}/recrawl/run`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'no_content' });
  });
});

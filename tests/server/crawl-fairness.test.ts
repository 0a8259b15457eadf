/**
 * One user's crawl cannot block another's (issue 18): Mallory crawls a site of 2 MB pages built to
 * hold a parser while Alice crawls an ordinary site, on one server with the default page reader
 * (two threads, 5 s a page). Alice's crawl finishes within its 45 s limit with all of its pages;
 * Mallory's pages are refused before parsing or cut off, and her crawl can still be cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedPage } from '../../server/crawl/crawledPage.js';
import { CRAWL_DEFAULTS } from '../../server/crawl/crawlLimits.js';
import { crawlSite } from '../../server/crawl/crawlSite.js';
import { PageExtractor } from '../../server/crawl/PageExtractor.js';
import { newCrawlId } from '../../shared/knowledge.js';
import type { CrawlResponse } from '../../shared/types/knowledge.js';
import { type FixtureSite, startFixtureSite } from '../fixtures/siteFixture.js';
import { heavyPage } from '../fixtures/sitePages.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { waitUntil } from '../helpers/waitUntil.js';

const SHOP_PAGES = 20;
const HOSTILE_PAGES = 40;

let hostile: FixtureSite;
let shop: FixtureSite;
let t: TestApp;
let tokens: { alice: string; mallory: string };

beforeAll(async () => {
  hostile = await startFixtureSite({ hostile: HOSTILE_PAGES });
  shop = await startFixtureSite({ pages: SHOP_PAGES });
  t = await createTestApp({
    config: {
      outboundAllow: [hostile.hostPort, shop.hostPort],
      crawl: { ...CRAWL_DEFAULTS, maxPages: HOSTILE_PAGES + 1 },
    },
  });
  const [alice, mallory] = [await t.createUser(), await t.createUser()];
  tokens = {
    alice: (await t.login(alice.username, alice.password)).accessToken,
    mallory: (await t.login(mallory.username, mallory.password)).accessToken,
  };
});
afterAll(async () => {
  await t.close();
  await hostile.close();
  await shop.close();
});

const crawl = (token: string, site: FixtureSite, crawlId = newCrawlId()) =>
  t.app.inject({
    method: 'GET',
    url: `/api/webchats/crawl?url=${encodeURIComponent(`${site.origin}/`)}&crawlId=${crawlId}`,
    headers: t.auth(token),
  });

describe('a hostile crawl beside an ordinary one', () => {
  it("leaves the ordinary crawl its pages within its time, and refuses the hostile site's nested pages", {
    timeout: 90_000,
  }, async () => {
    const malloryCrawl = newCrawlId();
    const malloryAnswer = crawl(tokens.mallory, hostile, malloryCrawl);
    // Her pages are arriving, and waiting to be read, before Alice starts. A crawl fetches four
    // pages at a time and asks for a fifth only once one of them has been read: the first pages'
    // nested ones are refused at once, so by the fifth request one of them has been.
    await waitUntil(() => hostile.requested.filter((p) => p.startsWith('/hostile/')).length >= 5, 20_000);

    const alice = await crawl(tokens.alice, shop);
    expect(alice.statusCode).toBe(200);
    const answer = alice.json<CrawlResponse>();
    expect(answer.finish).toBe('complete');
    expect(answer.urls).toHaveLength(SHOP_PAGES + 1);
    expect(answer.errors).toEqual({});
    for (const url of answer.urls) expect(answer.content[url]).not.toBe('');
    expect(answer.content[`${shop.origin}/p/7`]).toContain('Generated page 7 sentence 1');

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/webchats/crawl/${malloryCrawl}`,
          headers: t.auth(tokens.mallory),
        })
      ).statusCode,
    ).toBe(200);
    const mallory = (await malloryAnswer).json<CrawlResponse>();
    expect(mallory.finish).toBe('cancelled');
    const failures = Object.values(mallory.errors);
    expect(failures).toContain('The page could not be read: its markup nests more than 512 levels deep');
    const nested = mallory.urls.filter((url) => Number(/\/hostile\/(\d+)$/.exec(url)?.[1]) % 2 === 1);
    expect(nested.length).toBeGreaterThan(0);
    for (const url of nested) expect(mallory.content[url]).toBe('');
  });

  it("ends a crawl at its time limit even while its pages wait behind another user's, and leaves nothing of it in the line", {
    timeout: 60_000,
  }, async () => {
    const extractor = new PageExtractor({ threads: 1, timeoutMs: 20_000 });
    try {
      const finished: string[] = [];
      const heavy = new TextEncoder().encode(heavyPage());
      // The thread loaded first: Mallory's first page is read at once, the others wait.
      await extractor.page(new TextEncoder().encode('<p>warm</p>'), 'text/html', `${hostile.origin}/`, 1000, {
        owner: 'warm',
      });
      const mallory = [1, 2, 3].map((i) =>
        extractor
          .page(heavy, 'text/html', `${hostile.origin}/hostile/${i * 2}`, 1000, { owner: 'mallory' })
          .finally(() => finished.push(`mallory ${i}`)),
      );
      const outcome = await crawlSite({
        url: `${shop.origin}/`,
        limits: { ...CRAWL_DEFAULTS, timeoutMs: 400 },
        allow: [shop.hostPort],
        extractor,
        owner: 'alice',
      });
      finished.push('alice');
      expect(outcome.finish).toBe('time_limit');
      expect(outcome.pages).toEqual([
        failedPage(`${shop.origin}/`, 'The crawl reached its time limit before this page loaded', null),
      ]);
      // Mallory's first page is still being read and the others wait; Alice's start page left the line.
      expect(extractor.waiting).toBeLessThanOrEqual(2);
      await Promise.allSettled(mallory);
      expect(finished[0]).toBe('alice');
    } finally {
      await extractor.close();
    }
  });
});

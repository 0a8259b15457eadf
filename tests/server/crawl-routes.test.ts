/**
 * GET /api/webchats/crawl and DELETE /api/webchats/crawl/:crawlId on a real server: the answer,
 * the refusals, progress over the owner's WebSocket only, cancel by the owner only, and the
 * per-user limits. The fixture site is reachable only through OUTBOUND_ALLOW.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWL_DEFAULTS } from '../../server/crawl/crawlLimits.js';
import { ApiError, createApiClient } from '../../shared/api/index.js';
import { newCrawlId } from '../../shared/knowledge.js';
import type { CrawlProgressEvent, ServerMessage } from '../../shared/protocol.js';
import type { CrawlResponse } from '../../shared/types/knowledge.js';
import { type FixtureSite, startFixtureSite } from '../fixtures/siteFixture.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';
import { consoleSocket, listenForSockets } from '../helpers/serverSocket.js';

/** `site` keeps a crawl busy on /slow for 20 s; `quick` answers every page at once. */
let site: FixtureSite;
let quick: FixtureSite;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let tokens: { alice: string; bob: string };

beforeAll(async () => {
  site = await startFixtureSite({ slowMs: 20_000 });
  quick = await startFixtureSite({ slowMs: 0 });
  t = await createTestApp({
    config: {
      outboundAllow: [site.hostPort, quick.hostPort],
      crawl: { ...CRAWL_DEFAULTS, requestTimeoutMs: 30_000, timeoutMs: 30_000, maxRunningPerUser: 2 },
    },
  });
  alice = await t.createUser();
  bob = await t.createUser();
  tokens = {
    alice: (await t.login(alice.username, alice.password)).accessToken,
    bob: (await t.login(bob.username, bob.password)).accessToken,
  };
});
afterAll(async () => {
  await t.close();
  await site.close();
  await quick.close();
});

const crawl = (token: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/webchats/crawl?${query}`, headers: t.auth(token) });
const cancel = (token: string, crawlId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/webchats/crawl/${crawlId}`, headers: t.auth(token) });
const siteUrl = (path = '/') => `url=${encodeURIComponent(`${site.origin}${path}`)}`;

const progressOf = (messages: ServerMessage[], crawlId: string) =>
  messages.filter((m): m is CrawlProgressEvent => m.type === 'crawl.progress' && m.crawlId === crawlId);

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('GET /api/webchats/crawl', () => {
  it.each([
    ['no url', ''],
    ['a blank url', 'url=%20%20'],
    ['an ftp url', 'url=ftp%3A%2F%2Fexample.com%2F'],
    ['a javascript: url', 'url=javascript%3Aalert(1)'],
    ['two urls', 'url=a.example&url=b.example'],
  ])("answers 400 'Please enter a valid URL' for %s", async (_name, query) => {
    const response = await crawl(tokens.alice, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'Please enter a valid URL', code: 'invalid_url' });
  });

  it('has no HEAD twin that would start a crawl', async () => {
    const before = quick.requested.length;
    const response = await t.app.inject({
      method: 'HEAD',
      url: `/api/webchats/crawl?url=${encodeURIComponent(quick.origin)}`,
      headers: t.auth(tokens.alice),
    });
    expect(response.statusCode).toBe(404);
    expect(quick.requested.length).toBe(before);
  });

  it('names the crawlId when it is malformed', async () => {
    const response = await crawl(tokens.alice, `${siteUrl()}&crawlId=${encodeURIComponent('short')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("crawlId: must be 8 to 64 letters, digits, '-' or '_'");
  });

  it('answers the crawled pages as {urls, content}, failed pages with empty content and a reason', async () => {
    const response = await crawl(tokens.alice, `url=${encodeURIComponent(`${quick.origin}/about`)}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<CrawlResponse>();
    expect(body.urls[0]).toBe(`${quick.origin}/about`);
    expect(Object.keys(body.content).sort()).toEqual([...body.urls].sort());
    expect(body.content[`${quick.origin}/about/team`]).toContain('twelve answers questions about roses');
    expect(body.finish).toBe('complete');
    expect(body.content[`${quick.origin}/broken`]).toBe('');
    // Each page's <title> (issue 24: what an answer citing it shows); a failed page has none.
    expect(body.titles?.[`${quick.origin}/about/team`]).toBe('Our team');
    expect(body.titles).not.toHaveProperty(`${quick.origin}/broken`);
    expect(body.errors).toEqual({
      [`${quick.origin}/broken`]: 'The page answered 500 Internal Server Error',
      [`${quick.origin}/huge`]: 'Response is larger than 2 MB',
      [`${quick.origin}/redirect-internal`]: 'Blocked request to a private address: 127.0.0.1',
      [`${quick.origin}/redirect-metadata`]: 'Blocked request to a private address: 169.254.169.254',
    });
  });

  it('tries https, then http, for an address typed without a scheme', async () => {
    const response = await crawl(tokens.alice, `url=${encodeURIComponent(`${quick.hostPort}/loop/a`)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<CrawlResponse>().urls[0]).toBe(`${quick.origin}/loop/a`);
  });

  it('takes an address typed without http(s):// as https', async () => {
    const response = await crawl(tokens.alice, `url=${encodeURIComponent('localhost:9')}`);
    expect(response.json()).toMatchObject({
      code: 'blocked_address',
      error:
        'https://localhost:9/ cannot be crawled: it is a private or local address. If you run this server and trust that site, allow it by adding localhost:9 to OUTBOUND_ALLOW.',
    });
  });

  it('refuses the same site on a server without OUTBOUND_ALLOW', async () => {
    const strict = await createTestApp();
    try {
      const user = await strict.createUser();
      const { accessToken } = await strict.login(user.username, user.password);
      const before = site.requested.length;
      const response = await strict.app.inject({
        method: 'GET',
        url: `/api/webchats/crawl?${siteUrl()}`,
        headers: strict.auth(accessToken),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'blocked_address',
        error: `${site.origin}/ cannot be crawled: it is a private or local address. If you run this server and trust that site, allow it by adding ${site.hostPort} to OUTBOUND_ALLOW.`,
      });
      expect(site.requested.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

describe('progress and cancel over the real-time channel', () => {
  let base: string;
  beforeAll(async () => {
    base = await listenForSockets(t.app);
  });

  it('sends crawl.progress to the owner’s consoles only, and the owner alone can cancel', async () => {
    const aliceConsole = await consoleSocket(base, tokens.alice);
    const bobConsole = await consoleSocket(base, tokens.bob);
    const crawlId = 'crawl-progress-0001';
    const answer = crawl(tokens.alice, `${siteUrl()}&crawlId=${crawlId}`);
    // /slow keeps the crawl running for 20 s; cancel once a few pages are done.
    await until(() => progressOf(aliceConsole.messages, crawlId).some((p) => p.pagesDone >= 5), 'progress');
    expect((await cancel(tokens.bob, crawlId)).statusCode).toBe(404);
    const cancelled = await cancel(tokens.alice, crawlId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ success: true });

    const response = await answer;
    expect(response.statusCode).toBe(200);
    const body = response.json<CrawlResponse>();
    expect(body.finish).toBe('cancelled');
    expect(body.urls.length).toBeGreaterThanOrEqual(5);
    expect(body.urls).not.toContain(`${site.origin}/slow`);

    const events = progressOf(aliceConsole.messages, crawlId);
    expect(events[0]).toMatchObject({ type: 'crawl.progress', crawlId, pagesDone: 0, currentUrl: `${site.origin}/` });
    expect(events.every((e) => e.pagesDone <= e.pagesFound && e.pagesFound <= CRAWL_DEFAULTS.maxPages)).toBe(true);
    expect(bobConsole.messages.filter((m) => m.type === 'crawl.progress')).toEqual([]);
    expect((await cancel(tokens.alice, crawlId)).statusCode).toBe(404);
    aliceConsole.close();
    bobConsole.close();
  });

  it('runs at most two crawls per user at once, and refuses a crawlId already running', async () => {
    const first = crawl(tokens.bob, `${siteUrl()}&crawlId=bob-crawl-0001`);
    const second = crawl(tokens.bob, `${siteUrl()}&crawlId=bob-crawl-0002`);
    await until(() => site.requested.filter((p) => p === '/slow').length >= 2, 'both crawls at /slow');
    const duplicate = await crawl(tokens.bob, `${siteUrl()}&crawlId=bob-crawl-0001`);
    expect(duplicate.statusCode).toBe(409);
    const third = await crawl(tokens.bob, `${siteUrl()}&crawlId=bob-crawl-0003`);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('10');
    expect(third.json().error).toBe('You can run 2 crawls at a time. Wait for one to finish or cancel it.');
    // Alice is not held up by Bob's crawls.
    expect((await crawl(tokens.alice, `url=${encodeURIComponent(`${quick.origin}/`)}`)).statusCode).toBe(200);
    await cancel(tokens.bob, 'bob-crawl-0001');
    await cancel(tokens.bob, 'bob-crawl-0002');
    expect((await first).json().finish).toBe('cancelled');
    expect((await second).json().finish).toBe('cancelled');
  });

  it('cancels the crawl when the client goes away', async () => {
    const crawlId = 'gone-away-0001';
    const slowBefore = site.requested.filter((p) => p === '/slow').length;
    const request = http.get(`${base.replace('ws:', 'http:')}/api/webchats/crawl?${siteUrl()}&crawlId=${crawlId}`, {
      headers: t.auth(tokens.bob),
    });
    request.on('error', () => undefined);
    await until(() => site.requested.filter((p) => p === '/slow').length > slowBefore, 'the crawl at /slow');
    expect((await crawl(tokens.bob, `${siteUrl()}&crawlId=${crawlId}`)).statusCode).toBe(409);
    request.destroy();
    // Once the crawl has ended its id is free again: a new crawl with it is no longer a duplicate.
    let status = 409;
    for (let i = 0; i < 100 && status === 409; i += 1) {
      const retry = await crawl(tokens.bob, `url=${encodeURIComponent(`${quick.origin}/loop/a`)}&crawlId=${crawlId}`);
      status = retry.statusCode;
      if (status === 409) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(200);
  });

  it('works through the shared API client: crawl with an id, follow it, cancel it', async () => {
    const api = createApiClient({
      baseUrl: `${base.replace('ws:', 'http:')}/api`,
      getToken: () => tokens.alice,
      setToken: () => undefined,
    });
    const aliceConsole = await consoleSocket(base, tokens.alice);
    const crawlId = newCrawlId();
    const answer = api.knowledge.crawl(`${site.origin}/`, { crawlId });
    await until(() => progressOf(aliceConsole.messages, crawlId).length > 0, 'progress');
    expect(await api.knowledge.cancelCrawl(crawlId)).toEqual({ success: true });
    expect((await answer).finish).toBe('cancelled');
    const missing = await api.knowledge.cancelCrawl(crawlId).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).message).toBe('Crawl not found');
    const invalid = await api.knowledge.crawl('').catch((error: unknown) => error);
    expect((invalid as ApiError).message).toBe('Please enter a valid URL');
    aliceConsole.close();
  });
});

describe('crawl rate limit', () => {
  it('answers 429 with Retry-After once a user has started too many crawls in the window', async () => {
    const limited = await createTestApp({
      config: { crawl: { ...CRAWL_DEFAULTS, rateLimit: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const [carol, dave] = [await limited.createUser(), await limited.createUser()];
      const token = async (u: TestUser) => (await limited.login(u.username, u.password)).accessToken;
      const [carolToken, daveToken] = [await token(carol), await token(dave)];
      const call = (tok: string) =>
        limited.app.inject({ method: 'GET', url: '/api/webchats/crawl?url=', headers: limited.auth(tok) });
      expect((await call(carolToken)).statusCode).toBe(400);
      expect((await call(carolToken)).statusCode).toBe(400);
      const refused = await call(carolToken);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(daveToken)).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});

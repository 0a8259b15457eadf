/**
 * Re-crawl schedules across instances (issue 24): two apps on one throwaway PostgreSQL, each with
 * its own re-crawler on its own connection pool, look for due schedules at the same moment; the
 * site is crawled once and the next run moves to the next day. A run whose instance died (its
 * claim never finished) holds the bot only until its lease passes, then another instance runs it.
 * Skipped only without the PostgreSQL server binaries.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CRAWL_DEFAULTS } from '../../server/crawl/crawlLimits.js';
import { PageExtractor } from '../../server/crawl/PageExtractor.js';
import { saveKnowledge } from '../../server/db/knowledge.js';
import { claimDueRecrawls, readRecrawl, saveRecrawlSettings } from '../../server/db/recrawlSchedule.js';
import { Recrawler } from '../../server/knowledge/Recrawler.js';
import { DEFAULT_RECRAWL_SETTINGS } from '../../shared/recrawl.js';
import { type ChangingSite, startChangingSite } from '../fixtures/changingSite.js';
import { describeOnPostgres } from '../helpers/describeOnPostgres.js';
import { botOfNewUser } from '../helpers/knowledgeSamples.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { createThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwawayPostgres.js';

let pg: ThrowawayPostgres;
let site: ChangingSite;
let a: TestApp;
let b: TestApp;
let extractor: PageExtractor;

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-28T03:00:30Z');
const LEASE_MS = 10 * 60_000;

function recrawlerOf(t: TestApp, now: () => number): Recrawler {
  return new Recrawler({
    db: t.db,
    clock: now,
    log: { error: () => undefined },
    limits: { ...CRAWL_DEFAULTS, requestTimeoutMs: 2_000 },
    allow: [site.hostPort],
    extractor,
    summarize: async () => 'unused',
    pollMs: 60_000,
    leaseMs: LEASE_MS,
    concurrency: 2,
  });
}

/** A bot of A's database whose site is the fixture, scheduled daily at 03:00 UTC and due now. */
async function dueBot(): Promise<string> {
  const bot = await botOfNewUser(a);
  const url = `${site.origin}/`;
  await saveKnowledge(a.db, bot, { siteUrl: site.origin, summary: '', pages: [{ url, text: 'old', selected: true }] });
  const settings = { ...DEFAULT_RECRAWL_SETTINGS, frequency: 'daily' as const, hour: 3 };
  await saveRecrawlSettings(a.db, bot, settings, NOW - 30_000, NOW - HOUR);
  return bot;
}

describeOnPostgres('re-crawl schedules on two instances', () => {
  beforeAll(async () => {
    pg = await createThrowawayPostgres();
    site = await startChangingSite({ '/': { title: 'Home', body: 'Fresh bread daily.', links: [] } });
    extractor = new PageExtractor();
    const config = { databaseUrl: pg.url, encryptionKey: randomBytes(32), outboundAllow: [site.hostPort] };
    a = await createTestApp({ config });
    b = await createTestApp({ config });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await extractor?.close();
    await site?.close();
    await pg?.destroy();
  });

  it('runs a due schedule once when both instances look at the same moment, then schedules tomorrow', async () => {
    const bot = await dueBot();
    site.requests.length = 0;
    // Two re-crawlers on each instance's pool, so the claims race on more than one connection each.
    const all = [a, b, a, b].map((t) => recrawlerOf(t, () => NOW));
    const [onA, onB] = all as [Recrawler, Recrawler];
    const started = await Promise.all(all.map((recrawler) => recrawler.poll()));
    await Promise.all(all.map((recrawler) => recrawler.idle()));
    expect(started.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(site.requests.filter((r) => r.path === '/')).toHaveLength(1);
    const row = await readRecrawl(b.db, bot);
    expect(row.last).toMatchObject({ changed: 1, added: 0, gone: 0, error: null });
    expect(new Date(row.nextAt ?? 0).toISOString()).toBe('2026-11-29T03:00:00.000Z');
    expect(row.leaseUntil).toBe(0);
    // Not due again until then, on either instance.
    expect(await Promise.all([onA.poll(), onB.poll()])).toEqual([0, 0]);
    await Promise.all(all.map((recrawler) => recrawler.stop()));
  });

  it('frees a bot whose run died with its instance once the lease passes, and runs it then', async () => {
    const bot = await dueBot();
    // An instance claims the schedule and dies before finishing.
    const [claimed] = await claimDueRecrawls(a.db, { now: NOW, limit: 10, leaseMs: LEASE_MS });
    expect(claimed?.row.webchatId).toBe(bot);
    expect((await readRecrawl(b.db, bot)).leaseUntil).toBe(NOW + LEASE_MS);
    site.requests.length = 0;
    const during = recrawlerOf(b, () => NOW + LEASE_MS - 1);
    expect(await during.poll()).toBe(0);
    const after = recrawlerOf(b, () => NOW + LEASE_MS + 1);
    expect(await after.poll()).toBe(1);
    await after.idle();
    expect(site.requests.filter((r) => r.path === '/')).toHaveLength(1);
    expect((await readRecrawl(a.db, bot)).last).toMatchObject({ changed: 1 });
    await Promise.all([during.stop(), after.stop()]);
  });
});

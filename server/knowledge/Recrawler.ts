/**
 * Re-crawls of bots' websites (issue 24, "Fresh"), on a schedule or at once. Every `pollMs` this
 * instance claims the schedules that are due (db/recrawlSchedule.ts): with several instances on
 * one PostgreSQL each runs once; a stopping instance hands its claims back, and one that died
 * holds them only until their lease passes. A run crawls the site again with conditional requests
 * (crawl/crawlSite.ts), compares the pages (recrawlDiff.ts), applies the difference, optionally
 * refreshes the summary, and stores "N changed, M new, K gone".
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { Clock } from '../core/types.js';
import type { CrawlLimits } from '../crawl/crawlLimits.js';
import { CrawlStartError, crawlSite } from '../crawl/crawlSite.js';
import { startUrls } from '../crawl/crawlUrl.js';
import type { PageExtractor } from '../crawl/PageExtractor.js';
import { loadKnowledge } from '../db/knowledge.js';
import { applyRecrawl, loadRecrawlBase, type RecrawlCounts } from '../db/recrawlPages.js';
import {
  type ClaimedRecrawl,
  claimDueRecrawls,
  claimRecrawlNow,
  finishRecrawl,
  saveRecrawledSummary,
} from '../db/recrawlSchedule.js';
import type { Database } from '../db/schema.js';
import type { GuardedResolver } from '../net/outboundGuard.js';
import { nextRecrawlAt } from './nextRecrawlAt.js';
import { recrawlDiff } from './recrawlDiff.js';
import { selectedText } from './selectedText.js';

export interface RecrawlerDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  limits: CrawlLimits;
  /** OUTBOUND_ALLOW, as for the first crawl. */
  allow: readonly string[];
  extractor: Pick<PageExtractor, 'page' | 'sitemap'>;
  /** The owner's summary of the selected pages' text (the summarize route's code and key). */
  summarize: (userId: string, text: string, signal: AbortSignal) => Promise<string>;
  pollMs: number;
  /** Longer than a crawl may take (its time limit), so a live run never loses its claim. */
  leaseMs: number;
  /** Re-crawls this instance runs at once. */
  concurrency: number;
  /** Replaces DNS (tests). */
  resolve?: GuardedResolver;
}

export type RecrawlRunResult = RecrawlCounts & { at: number; error: string | null };

export class Recrawler {
  readonly #deps: RecrawlerDeps;
  readonly #running = new Map<string, Promise<RecrawlRunResult | null>>();
  readonly #stop = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #polling: Promise<number> | null = null;

  constructor(deps: RecrawlerDeps) {
    this.#deps = deps;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.poll(), this.#deps.pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stop.abort();
    await this.#polling;
    await Promise.all(this.#running.values());
  }

  /** Claims and starts the schedules due now; resolves with how many it started. */
  poll(): Promise<number> {
    if (this.#stop.signal.aborted) return Promise.resolve(0);
    this.#polling ??= this.#claimDue()
      .catch((error: unknown) => {
        this.#deps.log.error({ err: error }, 'could not claim re-crawls');
        return 0;
      })
      .finally(() => {
        this.#polling = null;
      });
    return this.#polling;
  }

  /** Waits until no poll and no run of this instance is under way (tests, the bench). */
  async idle(): Promise<void> {
    while (this.#polling || this.#running.size > 0) {
      await this.#polling;
      await Promise.all(this.#running.values());
    }
  }

  /** Re-crawls the bot now; null when a run (of any instance) holds it already. */
  async runNow(webchatId: string): Promise<RecrawlRunResult | null> {
    const { db, clock, leaseMs } = this.#deps;
    const claimed = await claimRecrawlNow(db, webchatId, { now: clock(), leaseMs });
    if (!claimed) return null;
    return this.#track(claimed, false);
  }

  async #claimDue(): Promise<number> {
    const { db, clock, leaseMs, concurrency } = this.#deps;
    const limit = concurrency - this.#running.size;
    const claims = await claimDueRecrawls(db, { now: clock(), limit, leaseMs });
    for (const claimed of claims) void this.#track(claimed, true);
    return claims.length;
  }

  #track(claimed: ClaimedRecrawl, scheduled: boolean): Promise<RecrawlRunResult | null> {
    const id = claimed.row.webchatId;
    const run = this.#run(claimed, scheduled).finally(() => this.#running.delete(id));
    this.#running.set(id, run);
    return run;
  }

  async #run(claimed: ClaimedRecrawl, scheduled: boolean): Promise<RecrawlRunResult | null> {
    const { db, clock, log } = this.#deps;
    const { settings, nextAt } = claimed.row;
    const next = scheduled ? nextRecrawlAt(settings, Math.max(clock(), nextAt ?? 0)) : undefined;
    try {
      const counts = await this.#recrawl(claimed);
      if (counts === 'stopped') {
        await finishRecrawl(db, claimed, { now: clock(), result: null });
        return null;
      }
      const result = { ...counts, at: clock() };
      await finishRecrawl(db, claimed, { now: result.at, result, nextAt: next });
      return result;
    } catch (error) {
      // A bug or a database failure: the bot stays claimed until its lease passes, then runs again.
      log.error({ err: error, webchatId: claimed.row.webchatId }, 'a re-crawl failed unexpectedly');
      throw error;
    }
  }

  async #recrawl(claimed: ClaimedRecrawl): Promise<(RecrawlCounts & { error: string | null }) | 'stopped'> {
    const { db, clock, limits, allow, extractor, resolve } = this.#deps;
    const { webchatId, siteUrl, settings } = claimed.row;
    const none = { changed: 0, added: 0, gone: 0 };
    const owner = await db.selectFrom('webchats').select('user_id').where('id', '=', webchatId).executeTakeFirst();
    if (!owner) return { ...none, error: 'The bot no longer exists' };
    const base = await loadRecrawlBase(db, webchatId);
    // The first crawl's start page (after its redirects) is where the site begins.
    const start = base.pages[0]?.url ?? startUrls(siteUrl)[0];
    if (start === undefined) return { ...none, error: 'Crawl the website first' };
    const signal = this.#stop.signal;
    let outcome: Awaited<ReturnType<typeof crawlSite>>;
    try {
      outcome = await crawlSite({
        url: start,
        limits,
        allow,
        extractor,
        owner: owner.user_id,
        signal,
        previous: base.previous,
        resolve,
      });
    } catch (error) {
      if (error instanceof CrawlStartError) return { ...none, error: error.message };
      throw error;
    }
    if (outcome.finish === 'cancelled') return 'stopped';
    const plan = recrawlDiff(base.pages, outcome, settings.new_pages);
    const maxPages = USER_QUOTAS.knowledgePagesPerWebchat;
    const counts = await applyRecrawl(db, webchatId, claimed.token, plan, { maxPages, now: clock() });
    if (counts === null) return 'stopped';
    const changed = counts.changed + counts.added + counts.gone > 0;
    if (!settings.refresh_summary || !changed) return { ...counts, error: null };
    return { ...counts, error: await this.#refreshSummary(claimed, owner.user_id) };
  }

  /** Summarizes the selected pages again; the reason when it could not. */
  async #refreshSummary(claimed: ClaimedRecrawl, userId: string): Promise<string | null> {
    const knowledge = await loadKnowledge(this.#deps.db, claimed.row.webchatId);
    const text = selectedText(knowledge.pages);
    if (text === '') return null;
    try {
      const summary = await this.#deps.summarize(userId, text, this.#stop.signal);
      await saveRecrawledSummary(this.#deps.db, claimed, summary);
      return null;
    } catch (error) {
      return `The summary was not refreshed: ${(error as Error).message}`;
    }
  }
}

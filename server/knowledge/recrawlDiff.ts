/**
 * What a re-crawl changes in a knowledge base (issue 24, "Fresh"): pages are compared by the hash
 * of their text, a 304 counts as unchanged, pages keep the operator's Selected/Excluded choice,
 * new pages start as the bot's setting says, and a page that answers 404/410 or is no longer
 * linked is marked gone rather than deleted. A page that failed otherwise (a timeout, a 500) is
 * left as it was: one bad night of the site's must not empty the knowledge base.
 */
import type { CrawledPage, CrawlOutcome } from '../crawl/crawlSite.js';
import { contentHash } from '../db/contentHash.js';
import type { ChangedPage, RecrawlPlan, StoredPage } from '../db/recrawlPlan.js';

export type { RecrawlPlan, StoredPage } from '../db/recrawlPlan.js';
export type NewPages = 'selected' | 'excluded';

/** Answers that say a page is gone for good (RFC 9110 §15.5.5, §15.5.11). */
const GONE_STATUSES = new Set([404, 410]);

export function recrawlDiff(stored: readonly StoredPage[], outcome: CrawlOutcome, newPages: NewPages): RecrawlPlan {
  const byUrl = new Map(stored.map((page) => [page.url, page]));
  const plan: RecrawlPlan = { unchanged: [], changed: [], added: [], gone: [] };
  const seen = new Set<string>();
  for (const page of outcome.pages) {
    seen.add(page.url);
    const before = byUrl.get(page.url);
    if (page.error !== null) {
      if (before && !before.gone && page.status !== null && GONE_STATUSES.has(page.status))
        plan.gone.push(before.position);
      continue;
    }
    const state = { validators: page.validators, links: page.links };
    if (page.unchanged) {
      if (before && !before.gone) plan.unchanged.push({ position: before.position, ...state });
      continue;
    }
    const hash = contentHash(page.text);
    if (!before)
      plan.added.push({
        url: page.url,
        text: page.text,
        title: page.title ?? '',
        contentHash: hash,
        selected: newPages === 'selected',
        ...state,
      });
    else if (before.gone || before.contentHash !== hash) plan.changed.push(changed(before, page, hash));
    else plan.unchanged.push({ position: before.position, ...state });
  }
  // Only a crawl that read every page it found can say a page is no longer linked.
  if (outcome.finish === 'complete') {
    for (const page of stored) if (!page.gone && !seen.has(page.url)) plan.gone.push(page.position);
  }
  return plan;
}

function changed(before: StoredPage, page: CrawledPage, hash: string): ChangedPage {
  return {
    position: before.position,
    text: page.text,
    title: page.title ?? '',
    contentHash: hash,
    validators: page.validators,
    links: page.links,
  };
}

/** "N changed, M new, K gone" as numbers. */
export function planCounts(plan: RecrawlPlan): { changed: number; added: number; gone: number } {
  return { changed: plan.changed.length, added: plan.added.length, gone: plan.gone.length };
}

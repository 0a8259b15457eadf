/**
 * A knowledge base as a re-crawl reads and writes it (migration 035): the crawled pages with what
 * the site said of them last time, and a plan (knowledge/recrawlDiff.ts) applied in one
 * transaction that only the holder of the bot's re-crawl claim may commit. Rows without an address
 * (documents) are never read nor touched here.
 */
import type { Kysely, Transaction } from 'kysely';
import type { PreviousPage } from '../crawl/crawledPage.js';
import { contentHash } from './contentHash.js';
import { loadKnowledge } from './knowledge.js';
import { toPassages } from './passages.js';
import type { RecrawlPlan, StoredPage } from './recrawlPlan.js';
import type { Database } from './schema.js';

export interface RecrawlBase {
  pages: StoredPage[];
  /** Validators and links of the pages that are not gone, for conditional requests. */
  previous: Map<string, PreviousPage>;
}

export interface RecrawlCounts {
  changed: number;
  added: number;
  gone: number;
}

/** PostgreSQL cannot hold U+0000 in text (db/knowledge.ts strips it the same way). */
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

function parseLinks(json: string): string[] {
  if (json === '') return [];
  try {
    const links: unknown = JSON.parse(json);
    return Array.isArray(links) ? links.filter((link): link is string => typeof link === 'string') : [];
  } catch {
    return [];
  }
}

export async function loadRecrawlBase(db: Kysely<Database>, webchatId: string): Promise<RecrawlBase> {
  const rows = await db
    .selectFrom('knowledge_pages')
    .select(['position', 'url', 'content_hash', 'etag', 'last_modified', 'links', 'gone_at'])
    .where('webchat_id', '=', webchatId)
    .where('url', '<>', '')
    .orderBy('position')
    .execute();
  // Pages saved before migration 035 have no hash yet: it is taken from their stored text once.
  const unhashed = rows.some((row) => row.content_hash === '' && row.gone_at === null);
  const texts = new Map(unhashed ? (await loadKnowledge(db, webchatId)).pages.map((p) => [p.url, p.text]) : []);
  const previous = new Map<string, PreviousPage>();
  const pages = rows.map((row): StoredPage => {
    const gone = row.gone_at !== null;
    if (!gone) {
      const validators = { etag: row.etag, lastModified: row.last_modified };
      previous.set(row.url, { validators, links: parseLinks(row.links) });
    }
    const hash = row.content_hash || contentHash(texts.get(row.url) ?? '');
    return { position: row.position, url: row.url, contentHash: hash, gone };
  });
  return { pages, previous };
}

async function replacePassages(trx: Transaction<Database>, webchatId: string, position: number, text: string) {
  await trx
    .deleteFrom('knowledge_passages')
    .where('webchat_id', '=', webchatId)
    .where('page_position', '=', position)
    .execute();
  const rows = toPassages(text).map((slice, seq) => ({
    webchat_id: webchatId,
    page_position: position,
    seq,
    text: slice,
  }));
  if (rows.length > 0) await trx.insertInto('knowledge_passages').values(rows).execute();
}

/**
 * Applies a re-crawl's plan and its counts; false (nothing written) when `claimToken` no longer
 * holds the bot: its lease passed and another run took over. `maxPages` bounds the rows kept.
 */
export async function applyRecrawl(
  db: Kysely<Database>,
  webchatId: string,
  claimToken: string,
  plan: RecrawlPlan,
  { maxPages, now }: { maxPages: number; now: number },
): Promise<RecrawlCounts | null> {
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('webchat_knowledge')
      .set({ updated_at: now })
      .where('webchat_id', '=', webchatId)
      .where('recrawl_claim_token', '=', claimToken)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) === 0) return null;
    const pageSet = (position: number) =>
      trx.updateTable('knowledge_pages').where('webchat_id', '=', webchatId).where('position', '=', position);
    for (const page of plan.unchanged) {
      const { etag, lastModified } = page.validators;
      await pageSet(page.position)
        .set({ etag, last_modified: lastModified, links: JSON.stringify(page.links) })
        .execute();
    }
    for (const page of plan.changed) {
      const text = withoutNul(page.text);
      await replacePassages(trx, webchatId, page.position, text);
      await pageSet(page.position)
        .set({
          char_count: text.length,
          title: page.title,
          content_hash: page.contentHash,
          etag: page.validators.etag,
          last_modified: page.validators.lastModified,
          links: JSON.stringify(page.links),
          gone_at: null,
        })
        .execute();
    }
    for (const position of plan.gone) {
      await replacePassages(trx, webchatId, position, '');
      await pageSet(position).set({ char_count: 0, content_hash: '', gone_at: now }).execute();
    }
    const added = await addPages(trx, webchatId, plan.added, maxPages);
    return { changed: plan.changed.length, added, gone: plan.gone.length };
  });
}

/** Appends new pages after the last position, as many as the page quota leaves room for. */
async function addPages(
  trx: Transaction<Database>,
  webchatId: string,
  pages: RecrawlPlan['added'],
  maxPages: number,
): Promise<number> {
  const { n, last } = await trx
    .selectFrom('knowledge_pages')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
    .where('webchat_id', '=', webchatId)
    .executeTakeFirstOrThrow();
  const room = Math.max(0, maxPages - Number(n));
  let position = last === null ? 0 : Number(last) + 1;
  const kept = pages.slice(0, room);
  for (const page of kept) {
    const text = withoutNul(page.text);
    await trx
      .insertInto('knowledge_pages')
      .values({
        webchat_id: webchatId,
        position,
        url: page.url,
        title: page.title,
        selected: page.selected ? 1 : 0,
        char_count: text.length,
        content_hash: page.contentHash,
        etag: page.validators.etag,
        last_modified: page.validators.lastModified,
        links: JSON.stringify(page.links),
      })
      .execute();
    await replacePassages(trx, webchatId, position, text);
    position += 1;
  }
  return kept.length;
}

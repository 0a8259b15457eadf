/**
 * Saving a bot rewrites its pages (db/knowledge.ts saveKnowledge): what a re-crawl learnt of each
 * page (migration 035) is carried over by address, so a save neither forgets that a page is gone
 * nor makes the next re-crawl download every page again. Validators are kept only while the text
 * is the one they describe.
 */
import type { Transaction } from 'kysely';
import type { Database } from './schema.js';

interface PageState {
  content_hash: string;
  etag: string;
  last_modified: string;
  links: string;
  gone_at: number | null;
}

export type PageStates = Map<string, PageState>;

export async function readPageStates(trx: Transaction<Database>, webchatId: string): Promise<PageStates> {
  const rows = await trx
    .selectFrom('knowledge_pages')
    .select(['url', 'content_hash', 'etag', 'last_modified', 'links', 'gone_at'])
    .where('webchat_id', '=', webchatId)
    .where('url', '<>', '')
    .execute();
  return new Map(rows.map(({ url, ...state }) => [url, state]));
}

export async function restorePageStates(
  trx: Transaction<Database>,
  webchatId: string,
  pages: ReadonlyArray<{ position: number; url: string; content_hash: string; char_count: number }>,
  states: PageStates,
): Promise<void> {
  for (const page of pages) {
    const state = states.get(page.url);
    if (!state) continue;
    const gone = state.gone_at !== null && page.char_count === 0;
    const same = state.content_hash === page.content_hash;
    if (!gone && !same) continue;
    await trx
      .updateTable('knowledge_pages')
      .set({
        ...(gone ? { gone_at: state.gone_at } : {}),
        ...(same ? { etag: state.etag, last_modified: state.last_modified, links: state.links } : {}),
      })
      .where('webchat_id', '=', webchatId)
      .where('position', '=', page.position)
      .execute();
  }
}

/**
 * One page of a history search (GET /api/history/search): with words, the matching messages
 * newest first, each with its call or chat and a snippet; without, the calls and chats the filters
 * select, newest first. Totals are counted up to HISTORY_LIMITS.countedResults and pages stop there.
 */
import type { Kysely } from 'kysely';
import { HISTORY_LIMITS, type HistoryResult } from '../../shared/types/history.js';
import { type HistoryFilters, includes, speakerOf } from '../db/historyFilters.js';
import { findCountedHits } from '../db/historyHits.js';
import {
  countParents,
  findParents,
  type HistoryParent,
  listCallParents,
  listChatParents,
  parentKey,
} from '../db/historyParents.js';
import type { Database } from '../db/schema.js';
import { snippetSegments } from '../db/snippetSegments.js';
import { newestFirst } from './newestFirst.js';

export interface SearchResultsPage {
  results: HistoryResult[];
  total: number;
  more: boolean;
}

const asResult = ({ callType: _callType, ...parent }: HistoryParent, hit: HistoryResult['hit']): HistoryResult => ({
  ...parent,
  hit,
});

async function wordsPage(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
  page: { limit: number; offset: number },
) {
  const { hits, counted } = await findCountedHits(
    db,
    userId,
    filters,
    { ...page, snippets: true },
    HISTORY_LIMITS.countedResults,
  );
  const parents = await findParents(
    db,
    userId,
    hits.map((hit) => ({ kind: hit.kind, id: hit.parent_id })),
  );
  const results = hits.flatMap((hit) => {
    const parent = parents.get(parentKey({ kind: hit.kind, id: hit.parent_id }));
    if (!parent) return [];
    const snippet = snippetSegments(hit.marked ?? '');
    return [
      asResult(parent, { messageId: hit.message_id, speaker: speakerOf(hit.kind, hit.role), at: hit.at, snippet }),
    ];
  });
  return { results, counted };
}

async function filtersPage(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
  page: { limit: number; offset: number },
) {
  const wanted = page.offset + page.limit;
  const calls = includes(filters, 'call') ? await listCallParents(db, userId, filters, wanted) : [];
  const chats = includes(filters, 'chat') ? await listChatParents(db, userId, filters, wanted) : [];
  const results = [...calls, ...chats]
    .sort(newestFirst)
    .slice(page.offset, wanted)
    .map((parent) => asResult(parent, null));
  return { results, counted: await countParents(db, userId, filters, HISTORY_LIMITS.countedResults) };
}

export async function searchHistory(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
  page: { limit: number; offset: number },
): Promise<SearchResultsPage> {
  const { results, counted } = await (filters.terms.length > 0 ? wordsPage : filtersPage)(db, userId, filters, page);
  const cap = HISTORY_LIMITS.countedResults;
  return { results, total: Math.min(counted, cap), more: counted > cap };
}

/**
 * The Ended table's sort, page size and page in the Sessions page's address, beside the search's
 * own (search/searchParams.ts): `/sessions?endedSort=asc&endedSize=25&endedPage=3`. So they survive
 * opening a session and coming back (issue 18), a reload and a shared link. Defaults are left out,
 * and an address that asks for something the table does not offer gets the default.
 */
import { ENDED_SESSIONS_PAGE_SIZES } from '../../../shared/defaults.js';
import { DEFAULT_ENDED_QUERY, type EndedQuery } from './api.js';

export const ENDED_PARAM = { order: 'endedSort', limit: 'endedSize', page: 'endedPage' } as const;

const PAGE = /^[1-9]\d{0,6}$/;

/** The table's query the address asks for. */
export function endedQueryFromParams(params: URLSearchParams): EndedQuery {
  const order = params.get(ENDED_PARAM.order) === 'asc' ? 'asc' : DEFAULT_ENDED_QUERY.order;
  const size = Number(params.get(ENDED_PARAM.limit));
  const limit = (ENDED_SESSIONS_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_ENDED_QUERY.limit;
  const page = params.get(ENDED_PARAM.page) ?? '';
  return { order, limit, offset: PAGE.test(page) ? (Number(page) - 1) * limit : 0 };
}

/** `params` with the table's query in place of the one it had; every other parameter kept. */
export function withEndedQuery(params: URLSearchParams, query: EndedQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(ENDED_PARAM)) next.delete(name);
  if (query.order !== DEFAULT_ENDED_QUERY.order) next.set(ENDED_PARAM.order, query.order);
  if (query.limit !== DEFAULT_ENDED_QUERY.limit) next.set(ENDED_PARAM.limit, String(query.limit));
  const page = Math.floor(query.offset / query.limit) + 1;
  if (page > 1) next.set(ENDED_PARAM.page, String(page));
  return next;
}

/** `params` (another section's address, e.g. a new search) with the table's parameters of `current` kept. */
export function keepingEndedQuery(current: URLSearchParams, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(ENDED_PARAM)) {
    const value = current.get(name);
    if (value !== null) next.set(name, value);
  }
  return next;
}

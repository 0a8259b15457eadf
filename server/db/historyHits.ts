/**
 * Messages that match a search's words (migration 012's history_entries and its full-text
 * index), newest first, owner-scoped twice: inside the index (the owner's scope key, SQLite) and
 * by the entry's user_id. Pages are by offset for the search page, or after a `rid` for exports.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { HistoryKind } from '../../shared/types/history.js';
import { isPostgres } from './dialect.js';
import { hasRatedAnswer } from './historyFeedback.js';
import type { HistoryFilters } from './historyFilters.js';
import { ftsMatch, tsQuery } from './historyMatch.js';
import type { Database } from './schema.js';
import { MATCH_END, MATCH_START } from './snippetSegments.js';

export interface HitRow {
  rid: number;
  kind: HistoryKind;
  message_id: string;
  parent_id: string;
  role: string;
  at: number;
  /** The snippet with the matched words between MATCH_START and MATCH_END (when asked for). */
  marked?: string;
}

export interface HitsPage {
  limit: number;
  offset?: number;
  /** Only entries older than this one (exports page on). */
  beforeRid?: number;
  /** Compute snippets (the search page does, exports need none). */
  snippets?: boolean;
}

/** Words of context a snippet shows around the matched ones. */
const SNIPPET_TOKENS = 24;
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=${SNIPPET_TOKENS}, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "`;

const only = (kinds: HistoryFilters['kinds']): HistoryKind | undefined => (kinds.length === 1 ? kinds[0] : undefined);

/** The conditions beside the match, for either database (`e` is history_entries). */
function filtersSql(userId: string, filters: HistoryFilters, beforeRid: number | undefined): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`e.user_id = ${userId}`];
  const kind = only(filters.kinds);
  if (kind) parts.push(sql`e.kind = ${kind}`);
  const sourceId = filters.agentId ?? filters.webchatId;
  if (sourceId) parts.push(sql`e.source_id = ${sourceId}`);
  if (beforeRid !== undefined) parts.push(sql`e.rid < ${beforeRid}`);
  if (filters.from !== undefined) parts.push(sql`e.at >= ${filters.from}`);
  if (filters.to !== undefined) parts.push(sql`e.at <= ${filters.to}`);
  if (filters.phoneDigits) {
    const pattern = `%${filters.phoneDigits}%`;
    parts.push(sql`e.parent_id IN (SELECT stream_sid FROM call_sessions
      WHERE user_id = ${userId} AND (from_number LIKE ${pattern} OR to_number LIKE ${pattern}))`);
  }
  if (filters.success)
    parts.push(sql`e.parent_id IN (SELECT coalesce(stream_sid, conversation_id) FROM analysis_jobs
      WHERE user_id = ${userId} AND success = ${filters.success})`);
  if (filters.feedback) parts.push(hasRatedAnswer(filters.feedback, sql.ref('e.parent_id')));
  return sql.join(parts, sql` AND `);
}

/** Inclusive rid bounds of the entries a date range holds (SQLite); lo > hi when it holds none. */
interface RidBounds {
  lo: number;
  hi: number;
  /** The owner's entries between them. */
  entries: number;
}

/** A date range holding more entries than this is searched without rid bounds. */
const BOUNDED_RANGE_MAX = 50_000;
/** JavaScript's last date, the end of a range without `to`. */
const LAST_TIME = 8_640_000_000_000_000;

/**
 * SQLite: the rid bounds of the user's entries in the date range. FTS5 walks the matches newest
 * first and sees no date; a range in the past (or with few matches) would read every newer match,
 * and a count every match, before the filter rejects them. Bounded by rid, it reads only the
 * matches written around the range (rids grow as messages are written, so that is about the
 * range itself). The bounds are the entries' true rid extent, whatever their order. A range of
 * more entries than BOUNDED_RANGE_MAX is not bounded: reading it would cost more than the walk,
 * which finds a page in a range that wide soon enough.
 */
async function sqliteRidBounds(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
): Promise<RidBounds | undefined> {
  if (filters.from === undefined && filters.to === undefined) return undefined;
  const { rows } = await sql<{ lo: number | null; hi: number | null; n: number }>`
    SELECT min(rid) AS lo, max(rid) AS hi, count(*) AS n FROM (
      SELECT rid FROM history_entries
      WHERE user_id = ${userId} AND at >= ${filters.from ?? 0} AND at <= ${filters.to ?? LAST_TIME}
      LIMIT ${BOUNDED_RANGE_MAX + 1})`.execute(db);
  const row = rows[0];
  if (!row || row.n > BOUNDED_RANGE_MAX) return undefined;
  return row.lo === null || row.hi === null ? { lo: 1, hi: 0, entries: 0 } : { lo: row.lo, hi: row.hi, entries: row.n };
}

/**
 * Whether the owner holds at least half of the rid window. Then their scope key is left out of
 * the MATCH: FTS5 intersecting it reads the owner's whole doclist (26 ms for a day's count at a
 * million entries of one owner, 9 ms without), while the window holds at most as many other
 * entries again, which the join's user_id check drops.
 */
const ownerDense = (bounds: RidBounds | undefined): boolean =>
  bounds !== undefined && bounds.entries * 2 >= bounds.hi - bounds.lo + 1;

function sqliteHits(
  userId: string,
  filters: HistoryFilters,
  page: HitsPage,
  bounds: RidBounds | undefined,
): RawBuilder<HitRow> {
  const scope = { kind: only(filters.kinds), sourceId: filters.agentId ?? filters.webchatId };
  const match = ftsMatch(filters.terms, ownerDense(bounds) ? scope : { userId, ...scope });
  const snippet = page.snippets
    ? sql`, snippet(history_fts, 0, ${MATCH_START}, ${MATCH_END}, '…', ${SNIPPET_TOKENS}) AS marked`
    : sql``;
  // The rowid order is the index's own: FTS5 walks it backwards and stops at the LIMIT, no sort.
  // CROSS JOIN keeps the index outside: driven by (user_id, at) instead, SQLite would run the
  // MATCH once per entry of a date range, seconds at a million messages.
  return sql<HitRow>`
    SELECT e.rid, e.kind, e.message_id, e.parent_id, e.role, e.at ${snippet}
    FROM history_fts CROSS JOIN history_entries e ON e.rid = history_fts.rowid
    WHERE history_fts MATCH ${match} AND ${filtersSql(userId, filters, page.beforeRid)}
      ${bounds ? sql`AND history_fts.rowid >= ${bounds.lo} AND history_fts.rowid <= ${bounds.hi}` : sql``}
    ORDER BY history_fts.rowid DESC LIMIT ${page.limit} OFFSET ${page.offset ?? 0}`;
}

function postgresHits(userId: string, filters: HistoryFilters, page: HitsPage): RawBuilder<HitRow> {
  const query = tsQuery(filters.terms);
  const inner = sql`
    SELECT e.rid, e.kind, e.message_id, e.parent_id, e.role, e.at, e.body
    FROM history_entries e
    WHERE e.search @@ ${query} AND ${filtersSql(userId, filters, page.beforeRid)}
    ORDER BY e.rid DESC LIMIT ${page.limit} OFFSET ${page.offset ?? 0}`;
  // The headline (costly) only for the rows of the page. Its parser drops what looks like an HTML
  // tag ('<b>'), so angle brackets are swapped for two control characters around it and back.
  const headline = page.snippets
    ? sql`, translate(ts_headline('english', translate(h.body, '<>', chr(4) || chr(5)), ${query}, ${HEADLINE_OPTIONS}), chr(4) || chr(5), '<>') AS marked`
    : sql``;
  return sql<HitRow>`SELECT h.rid, h.kind, h.message_id, h.parent_id, h.role, h.at ${headline} FROM (${inner}) h ORDER BY h.rid DESC`;
}

/** The query of a page of hits, for either database; SQLite's date-range bounds read once by the caller. */
async function hitsQuery(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
): Promise<(page: HitsPage) => RawBuilder<HitRow>> {
  if (isPostgres(db)) return (page) => postgresHits(userId, filters, page);
  const bounds = await sqliteRidBounds(db, userId, filters);
  return (page) => sqliteHits(userId, filters, page, bounds);
}

const asHits = (rows: HitRow[]): HitRow[] => rows.map((row) => ({ ...row, rid: Number(row.rid), at: Number(row.at) }));

/** A page of matching messages, newest first. `filters.terms` must not be empty. */
export async function findHits(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
  page: HitsPage,
): Promise<HitRow[]> {
  const hits = await hitsQuery(db, userId, filters);
  return asHits((await hits(page).execute(db)).rows);
}

/**
 * A page of matching messages and how many match in all, counting no further than `cap` + 1
 * (so "more than cap" is known).
 */
export async function findCountedHits(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
  page: HitsPage,
  cap: number,
): Promise<{ hits: HitRow[]; counted: number }> {
  const hits = await hitsQuery(db, userId, filters);
  const { rows } = await hits(page).execute(db);
  const counted = await sql<{
    n: number | string;
  }>`SELECT count(*) AS n FROM (${hits({ limit: cap + 1 })}) counted`.execute(db);
  return { hits: asHits(rows), counted: Number(counted.rows[0]?.n ?? 0) };
}

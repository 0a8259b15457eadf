/**
 * The three exports as async iterables of batches (issue 11), each read from the database in
 * keyset pages so a page query is short (other requests go between them on SQLite's one
 * connection) and memory holds one batch: a bot's conversations, the ended calls, a search.
 */
import type { Kysely } from 'kysely';
import { type HistoryFilters, includes } from '../db/historyFilters.js';
import { findHits } from '../db/historyHits.js';
import {
  callParent,
  findParents,
  type HistoryParent,
  listCallParents,
  listChatParents,
  type ParentCursor,
  type ParentRef,
  parentKey,
} from '../db/historyParents.js';
import type { Database } from '../db/schema.js';
import { type ExportItem, withMessages } from './exportItems.js';
import { newestFirst } from './newestFirst.js';

/** Calls or chats per batch: with their messages, a few MB at most. */
export const EXPORT_BATCH = 200;
/** Matching messages read per page while a search export looks for the next calls and chats. */
const HITS_PAGE = 1_000;

const cursorOf = (parent: HistoryParent): ParentCursor => ({ startedAt: parent.startedAt, id: parent.id });

/** A bot's conversations, newest first (the Conversations tab's order). */
export async function* webchatExport(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
): AsyncGenerator<ExportItem[]> {
  let cursor: ParentCursor | undefined;
  for (;;) {
    const parents = await listChatParents(db, userId, { webchatId }, EXPORT_BATCH, cursor);
    if (parents.length > 0) yield await withMessages(db, parents);
    const last = parents.at(-1);
    if (parents.length < EXPORT_BATCH || last === undefined) return;
    cursor = cursorOf(last);
  }
}

/**
 * The ended calls in the Ended table's order: by end time (its per-owner sequence), either way.
 * The sweep may renumber the sequence between two pages (db/callSweep.ts) but keeps its order,
 * so each page starts after where the last call written now stands.
 */
export async function* endedCallsExport(
  db: Kysely<Database>,
  userId: string,
  order: 'asc' | 'desc',
): AsyncGenerator<ExportItem[]> {
  let after: { seq: number; streamSid: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('call_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('ended_seq', 'is not', null);
    if (after !== undefined)
      query = query.where('ended_seq', order === 'desc' ? '<' : '>', await currentSeq(db, after));
    const rows = await query.orderBy('ended_seq', order).limit(EXPORT_BATCH).execute();
    if (rows.length > 0)
      yield await withMessages(
        db,
        rows.map((row) => callParent(row, 0)),
      );
    const last = rows.at(-1);
    if (rows.length < EXPORT_BATCH || last === undefined) return;
    after = { seq: Number(last.ended_seq), streamSid: last.stream_sid };
  }
}

/** Where the call stands in its owner's sequence now; where it stood, if it was deleted meanwhile. */
async function currentSeq(db: Kysely<Database>, call: { seq: number; streamSid: string }): Promise<number> {
  const row = await db
    .selectFrom('call_sessions')
    .select('ended_seq')
    .where('stream_sid', '=', call.streamSid)
    .executeTakeFirst();
  return row?.ended_seq == null ? call.seq : Number(row.ended_seq);
}

/**
 * A search with words: the calls and chats of the matching messages, in the order of their newest
 * match (the search page's order). The matches are read newest first a page at a time; the keys
 * of the calls and chats already written are remembered (tens of bytes each) so an older match of
 * one does not write it twice.
 */
async function* matchedParents(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
): AsyncGenerator<HistoryParent[]> {
  const seen = new Set<string>();
  let beforeRid: number | undefined;
  let pending: ParentRef[] = [];
  for (;;) {
    const hits = await findHits(db, userId, filters, {
      limit: HITS_PAGE,
      ...(beforeRid === undefined ? {} : { beforeRid }),
    });
    for (const hit of hits) {
      const ref = { kind: hit.kind, id: hit.parent_id };
      const key = parentKey(ref);
      if (seen.has(key)) continue;
      seen.add(key);
      pending.push(ref);
    }
    const last = hits.length < HITS_PAGE;
    while (pending.length >= EXPORT_BATCH || (last && pending.length > 0)) {
      const batch = pending.slice(0, EXPORT_BATCH);
      pending = pending.slice(EXPORT_BATCH);
      const found = await findParents(db, userId, batch);
      yield batch.flatMap((ref) => found.get(parentKey(ref)) ?? []);
    }
    const oldest = hits.at(-1);
    if (last || oldest === undefined) return;
    beforeRid = oldest.rid;
  }
}

/** One kind's calls or chats, newest first, in keyset pages. */
async function* listedKind(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
  kind: 'call' | 'chat',
): AsyncGenerator<HistoryParent> {
  let cursor: ParentCursor | undefined;
  for (;;) {
    const page =
      kind === 'call'
        ? await listCallParents(db, userId, filters, EXPORT_BATCH, cursor)
        : await listChatParents(db, userId, filters, EXPORT_BATCH, cursor);
    yield* page;
    const last = page.at(-1);
    if (page.length < EXPORT_BATCH || last === undefined) return;
    cursor = cursorOf(last);
  }
}

/** A search without words: calls and chats by the filters, both lists merged newest first. */
async function* listedParents(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
): AsyncGenerator<HistoryParent[]> {
  const lists = filters.kinds
    .filter((kind) => includes(filters, kind))
    .map((kind) => listedKind(db, userId, filters, kind));
  const heads = await Promise.all(lists.map((list) => list.next()));
  let batch: HistoryParent[] = [];
  for (;;) {
    let pick = -1;
    heads.forEach((head, index) => {
      if (head.done) return;
      const current = heads[pick];
      if (pick < 0 || (current && !current.done && newestFirst(head.value, current.value) < 0)) pick = index;
    });
    const list = lists[pick];
    if (pick < 0 || list === undefined) break;
    batch.push((heads[pick] as IteratorYieldResult<HistoryParent>).value);
    heads[pick] = await list.next();
    if (batch.length === EXPORT_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** The calls and chats of a search (its filters, with or without words), with their messages. */
export async function* searchExport(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
): AsyncGenerator<ExportItem[]> {
  const parents = filters.terms.length > 0 ? matchedParents(db, userId, filters) : listedParents(db, userId, filters);
  for await (const batch of parents) if (batch.length > 0) yield await withMessages(db, batch);
}

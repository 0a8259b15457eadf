/**
 * The calls and chats a history search or export lists (migration 012's indexes by owner and
 * start): found by id, or listed by the filters alone, newest first. Every query takes the owner.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { HistoryKind, HistoryResult } from '../../shared/types/history.js';
import { hasRatedAnswer } from './historyFeedback.js';
import { type HistoryFilters, includes } from './historyFilters.js';
import type { Database } from './schema.js';

/** A search result without its hit. */
export type HistoryParent = Omit<HistoryResult, 'hit'> & { callType: string | null };

export interface ParentRef {
  kind: HistoryKind;
  id: string;
}

export const parentKey = (ref: ParentRef) => `${ref.kind}:${ref.id}`;

/** Where a listing of parents goes on from: the last one's start and id (newest first). */
export interface ParentCursor {
  startedAt: number;
  id: string;
}

/** The owner's calls by the filters (no words), as a query to order and page. */
export function callsQuery(db: Kysely<Database>, userId: string, filters: HistoryFilters) {
  let query = db.selectFrom('call_sessions').selectAll().where('user_id', '=', userId);
  if (filters.agentId) query = query.where('agent_id', '=', filters.agentId);
  if (filters.phoneDigits) {
    const pattern = `%${filters.phoneDigits}%`;
    query = query.where((eb) => eb.or([eb('from_number', 'like', pattern), eb('to_number', 'like', pattern)]));
  }
  if (filters.from !== undefined) query = query.where('start_time', '>=', filters.from);
  if (filters.to !== undefined) query = query.where('start_time', '<=', filters.to);
  const { success } = filters;
  if (success)
    query = query.where('stream_sid', 'in', (eb) =>
      eb
        .selectFrom('analysis_jobs')
        .select('stream_sid')
        .where('user_id', '=', userId)
        .where('success', '=', success)
        .where('stream_sid', 'is not', null)
        .$narrowType<{ stream_sid: string }>(),
    );
  return query;
}

/** Chats with their bot's name, any owner's (their user_id selected): failed first turns left out. */
function anyoneChats(db: Kysely<Database>) {
  return db
    .selectFrom('chat_conversations as c')
    .innerJoin('webchats as w', 'w.id', 'c.webchat_id')
    .select([
      'c.id',
      'c.user_id',
      'c.webchat_id',
      'w.name',
      'c.started_at',
      'c.last_message_at',
      'c.message_count',
      'c.first_question',
    ])
    .where('c.message_count', '>', 0);
}

/** The owner's chats by the filters (no words); conversations whose first turn failed (no messages) are left out. */
export function chatsQuery(
  db: Kysely<Database>,
  userId: string,
  filters: Pick<HistoryFilters, 'webchatId' | 'from' | 'to' | 'success' | 'feedback'>,
) {
  let query = anyoneChats(db).where('c.user_id', '=', userId);
  if (filters.webchatId) query = query.where('c.webchat_id', '=', filters.webchatId);
  if (filters.from !== undefined) query = query.where('c.started_at', '>=', filters.from);
  if (filters.to !== undefined) query = query.where('c.started_at', '<=', filters.to);
  const { success } = filters;
  if (success)
    query = query.where('c.id', 'in', (eb) =>
      eb
        .selectFrom('analysis_jobs')
        .select('conversation_id')
        .where('user_id', '=', userId)
        .where('success', '=', success)
        .where('conversation_id', 'is not', null)
        .$narrowType<{ conversation_id: string }>(),
    );
  if (filters.feedback) query = query.where(hasRatedAnswer(filters.feedback, sql.ref('c.id')));
  return query;
}

type CallRow = Database['call_sessions'];
type ChatRow = {
  id: string;
  webchat_id: string;
  name: string;
  started_at: number;
  last_message_at: number;
  message_count: number;
};

export function callParent(row: CallRow, messageCount: number): HistoryParent {
  return {
    kind: 'call',
    id: row.stream_sid,
    sourceId: row.agent_id,
    sourceName: row.agent_name,
    startedAt: Number(row.start_time),
    endedAt: row.end_time === null ? null : Number(row.end_time),
    fromNumber: row.from_number,
    toNumber: row.to_number,
    callType: row.call_type,
    messageCount,
  };
}

export function chatParent(row: ChatRow): HistoryParent {
  return {
    kind: 'chat',
    id: row.id,
    sourceId: row.webchat_id,
    sourceName: row.name,
    startedAt: Number(row.started_at),
    endedAt: Number(row.last_message_at),
    fromNumber: null,
    toNumber: null,
    callType: null,
    messageCount: Number(row.message_count),
  };
}

/** Kept messages of each call. */
export async function callMessageCounts(
  db: Kysely<Database>,
  streamSids: readonly string[],
): Promise<Map<string, number>> {
  if (streamSids.length === 0) return new Map();
  const rows = await db
    .selectFrom('call_messages')
    .select((eb) => ['stream_sid', eb.fn.countAll<number | string>().as('n')])
    .where('stream_sid', 'in', [...streamSids])
    .groupBy('stream_sid')
    .execute();
  return new Map(rows.map((row) => [row.stream_sid, Number(row.n)]));
}

/** The owner's calls and chats among `refs`, by parentKey; ids of others or of nothing are absent. */
export async function findParents(
  db: Kysely<Database>,
  userId: string,
  refs: readonly ParentRef[],
): Promise<Map<string, HistoryParent>> {
  const found = new Map<string, HistoryParent>();
  const callIds = [...new Set(refs.filter((ref) => ref.kind === 'call').map((ref) => ref.id))];
  const chatIds = [...new Set(refs.filter((ref) => ref.kind === 'chat').map((ref) => ref.id))];
  // Looked up by id alone and the owner checked here: with `user_id = ?` in the query, SQLite's
  // planner walks the owner's (user_id, start) index, every call or chat they have (34 ms at
  // 100,000 chats), instead of finding the page's few ids by primary key (0.07 ms).
  if (callIds.length > 0) {
    const rows = (await db.selectFrom('call_sessions').selectAll().where('stream_sid', 'in', callIds).execute()).filter(
      (row) => row.user_id === userId,
    );
    const counts = await callMessageCounts(
      db,
      rows.map((row) => row.stream_sid),
    );
    for (const row of rows)
      found.set(parentKey({ kind: 'call', id: row.stream_sid }), callParent(row, counts.get(row.stream_sid) ?? 0));
  }
  if (chatIds.length > 0) {
    const rows = await anyoneChats(db).where('c.id', 'in', chatIds).execute();
    for (const row of rows)
      if (row.user_id === userId) found.set(parentKey({ kind: 'chat', id: row.id }), chatParent(row));
  }
  return found;
}

/** Newest first, the parents after `cursor`: started before it, or at the same start with a smaller id. */
function afterCursor(startColumn: string, idColumn: string, cursor: ParentCursor) {
  const [start, id] = [sql.ref(startColumn), sql.ref(idColumn)];
  return sql<SqlBool>`(${start} < ${cursor.startedAt} or (${start} = ${cursor.startedAt} and ${id} < ${cursor.id}))`;
}

/** The owner's calls newest first (by start), after `cursor`; `limit` of them. */
export async function listCallParents(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
  limit: number,
  cursor?: ParentCursor,
): Promise<HistoryParent[]> {
  let query = callsQuery(db, userId, filters);
  if (cursor) query = query.where(afterCursor('start_time', 'stream_sid', cursor));
  const rows = await query.orderBy('start_time', 'desc').orderBy('stream_sid', 'desc').limit(limit).execute();
  const counts = await callMessageCounts(
    db,
    rows.map((row) => row.stream_sid),
  );
  return rows.map((row) => callParent(row, counts.get(row.stream_sid) ?? 0));
}

/** The owner's chats newest first (by start), after `cursor`; `limit` of them. */
export async function listChatParents(
  db: Kysely<Database>,
  userId: string,
  filters: Pick<HistoryFilters, 'webchatId' | 'from' | 'to' | 'success' | 'feedback'>,
  limit: number,
  cursor?: ParentCursor,
): Promise<HistoryParent[]> {
  let query = chatsQuery(db, userId, filters);
  if (cursor) query = query.where(afterCursor('c.started_at', 'c.id', cursor));
  const rows = await query.orderBy('c.started_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
  return rows.map(chatParent);
}

/** How many rows `query` answers (a capped query: the count stops where it does). */
async function rowCount(db: Kysely<Database>, query: Expression<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${query}) as counted`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The owner's calls and chats by the filters, counting no further than `cap` + 1 of each kind. */
export async function countParents(
  db: Kysely<Database>,
  userId: string,
  filters: HistoryFilters,
  cap: number,
): Promise<number> {
  let total = 0;
  if (includes(filters, 'call')) {
    const calls = callsQuery(db, userId, filters)
      .clearSelect()
      .select('stream_sid')
      .limit(cap + 1);
    total += await rowCount(db, calls);
  }
  if (includes(filters, 'chat')) {
    const chats = chatsQuery(db, userId, filters)
      .clearSelect()
      .select('c.id')
      .limit(cap + 1);
    total += await rowCount(db, chats);
  }
  return total;
}

/**
 * The analysis job queue (migration 018): one row per analysed call or chat, holding its state and,
 * once done, its results. Enqueueing is idempotent (the unique stream_sid / conversation_id); the
 * runner's claims are in analysisClaims.ts; here too what the routes and the history read.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AnalysisKind } from '../../shared/types/analysis.js';
import type { AnalysisJobsTable, Database } from './schema.js';

export type AnalysisJobRow = AnalysisJobsTable;

/** What a chat's enqueue looks back over: conversations that went quiet within this before the sweep. */
const CHAT_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * Queues the analysis of an ended call, in the transaction that ends it, when its agent has
 * analysis on (since before the call ended) and the call said anything. Never twice.
 */
export async function enqueueCallAnalysis(db: Kysely<Database>, streamSid: string, now: number): Promise<void> {
  await db
    .insertInto('analysis_jobs')
    .columns([
      'id',
      'user_id',
      'kind',
      'stream_sid',
      'source_id',
      'status',
      'attempts',
      'run_after',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('call_sessions')
        .innerJoin('analysis_settings', 'analysis_settings.agent_id', 'call_sessions.agent_id')
        .select([
          sql.lit(randomUUID()).as('id'),
          'call_sessions.user_id',
          sql.lit('call').as('kind'),
          'call_sessions.stream_sid',
          'call_sessions.agent_id',
          sql.lit('pending').as('status'),
          sql.lit(0).as('attempts'),
          sql.val(now).as('run_after'),
          sql.val(now).as('created_at'),
          sql.val(now).as('updated_at'),
        ])
        .where('call_sessions.stream_sid', '=', streamSid)
        .whereRef('analysis_settings.user_id', '=', 'call_sessions.user_id')
        .where('analysis_settings.enabled', '=', 1)
        .where('analysis_settings.enabled_since', '<=', now)
        .where((w) => w.exists(w.selectFrom('call_messages').select('id').where('stream_sid', '=', streamSid))),
    )
    .onConflict((oc) => oc.column('stream_sid').doNothing())
    .execute();
}

/**
 * Queues the analysis of every chat that went quiet (no message since `quietUntil`, the active
 * window) within the last day, whose bot had analysis on when its last message came, and that has
 * no job yet. Run by every sweep; idempotent, so several instances may run it at once.
 */
export async function enqueueQuietChats(db: Kysely<Database>, quietUntil: number, now: number): Promise<number> {
  const due = await db
    .selectFrom('chat_conversations')
    .innerJoin('analysis_settings', 'analysis_settings.webchat_id', 'chat_conversations.webchat_id')
    .leftJoin('analysis_jobs', 'analysis_jobs.conversation_id', 'chat_conversations.id')
    .select(['chat_conversations.id', 'chat_conversations.user_id', 'chat_conversations.webchat_id'])
    .where('chat_conversations.last_message_at', '<', quietUntil)
    .where('chat_conversations.last_message_at', '>=', quietUntil - CHAT_LOOKBACK_MS)
    .where('chat_conversations.message_count', '>', 0)
    .where('analysis_settings.enabled', '=', 1)
    .whereRef('analysis_settings.enabled_since', '<=', 'chat_conversations.last_message_at')
    .where('analysis_jobs.id', 'is', null)
    .limit(500)
    .execute();
  if (due.length === 0) return 0;
  const result = await db
    .insertInto('analysis_jobs')
    .values(
      due.map((row) => ({
        id: randomUUID(),
        user_id: row.user_id,
        kind: 'chat' as const,
        conversation_id: row.id,
        source_id: row.webchat_id,
        status: 'pending' as const,
        attempts: 0,
        run_after: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('conversation_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

function byConversation(kind: AnalysisKind) {
  return kind === 'call' ? ('stream_sid' as const) : ('conversation_id' as const);
}

/** The analysis of the user's call or chat, if one was queued. */
export async function findAnalysisJob(
  db: Kysely<Database>,
  userId: string,
  kind: AnalysisKind,
  id: string,
): Promise<AnalysisJobRow | undefined> {
  return db
    .selectFrom('analysis_jobs')
    .selectAll()
    .where(byConversation(kind), '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Queues a finished (done or failed) analysis of the user's again, from its first attempt;
 * undefined when there is none of theirs, null when it is still pending or running.
 */
export async function requeueAnalysisJob(
  db: Kysely<Database>,
  userId: string,
  kind: AnalysisKind,
  id: string,
  now: number,
): Promise<AnalysisJobRow | null | undefined> {
  const job = await findAnalysisJob(db, userId, kind, id);
  if (!job) return undefined;
  return (
    (await db
      .updateTable('analysis_jobs')
      .set({
        status: 'pending',
        attempts: 0,
        run_after: now,
        error: null,
        summary: null,
        success: null,
        success_reason: null,
        data: null,
        lease_until: null,
        claim_token: null,
        updated_at: now,
        finished_at: null,
      })
      .where('id', '=', job.id)
      .where('status', 'in', ['done', 'failed'])
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/** Whether the call or chat is the user's. */
export async function ownsConversation(
  db: Kysely<Database>,
  userId: string,
  kind: AnalysisKind,
  id: string,
): Promise<boolean> {
  const row =
    kind === 'call'
      ? await db
          .selectFrom('call_sessions')
          .select('stream_sid as id')
          .where('stream_sid', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : await db
          .selectFrom('chat_conversations')
          .select('id')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
  return row !== undefined;
}

/** The finished analyses of these calls and chats (one query per kind), by stream SID or conversation id. */
export async function doneAnalysesOf(
  db: Kysely<Database>,
  callIds: readonly string[],
  chatIds: readonly string[],
): Promise<Map<string, AnalysisJobRow>> {
  const found = new Map<string, AnalysisJobRow>();
  const done = () => db.selectFrom('analysis_jobs').selectAll().where('status', '=', 'done');
  if (callIds.length > 0)
    for (const row of await done().where('stream_sid', 'in', callIds).execute()) found.set(row.stream_sid ?? '', row);
  if (chatIds.length > 0)
    for (const row of await done().where('conversation_id', 'in', chatIds).execute())
      found.set(row.conversation_id ?? '', row);
  return found;
}

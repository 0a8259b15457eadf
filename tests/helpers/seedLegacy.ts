/**
 * Agents, bots and calls as a release before migration 013 wrote them (no Keep history columns, nor the
 * call figures of migration 016, nor the recording switch of 019), for the
 * migration tests that seed a database migrated only part of the way. Chats seed with
 * seedHistory.ts seedChat (keepHistoryDays 0 gives the expiry times of that release).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { NEW_AGENT_COLUMNS } from '../../server/db/agents.js';
import type { Database } from '../../server/db/schema.js';
import { NEW_WEBCHAT_COLUMNS } from '../../server/webchats/toWebchat.js';
import { insertExisting } from './existingColumns.js';
import { type SeedCall, seedCallMessages } from './seedHistory.js';

/**
 * An agent row as a release before migration 013 wrote it: no `keep_history_days` (013) nor
 * `record_calls` (019), and only the columns the table has in this database; its id.
 */
export async function seedLegacyAgent(db: Kysely<Database>, userId: string): Promise<string> {
  const { keep_history_days: _notYet, record_calls: _notYet019, ...columns } = NEW_AGENT_COLUMNS;
  const id = randomUUID();
  await insertExisting(db, 'agents', {
    ...columns,
    id,
    user_id: userId,
    name: `Old agent ${id.slice(0, 8)}`,
    phone_number: null,
    phone_account_sid: null,
    created_at: 1,
    updated_at: 1,
  });
  return id;
}

/** A bot row without `keep_history_days` (migration 013), and only the columns the table has in this database; its id. */
export async function seedLegacyBot(db: Kysely<Database>, userId: string, retentionSeconds = 3_600): Promise<string> {
  const { keep_history_days: _notYet, ...columns } = NEW_WEBCHAT_COLUMNS;
  const id = randomUUID();
  await insertExisting(db, 'webchats', {
    ...columns,
    id,
    user_id: userId,
    name: `Old bot ${id.slice(0, 8)}`,
    description: 'Seeded bot',
    short_term_messages_retention_period: retentionSeconds,
    created_at: 1,
    updated_at: 1,
  });
  return id;
}

/** The call_sessions columns as the releases before migration 013 wrote them. */
interface LegacySessionRow {
  stream_sid: string;
  call_sid: string;
  user_id: string;
  agent_id: string;
  agent_name: string;
  from_number: string;
  to_number: string;
  call_type: string;
  start_time: number;
  end_time: number | null;
  duration: number | null;
  ended_seq: number | null;
}

let legacyCalls = 0;

/**
 * A call ended a minute after its start with the owner's next ended_seq, written with only the
 * columns of that release (no `expires_at`, none of the later figures); its stream SID.
 */
export async function seedLegacyCall(db: Kysely<Database>, call: Omit<SeedCall, 'ended'>): Promise<string> {
  legacyCalls += 1;
  const streamSid = `MZlegacy${process.pid}x${String(legacyCalls).padStart(18, '0')}`;
  const last = await db
    .selectFrom('call_sessions')
    .select((eb) => eb.fn.max('ended_seq').as('seq'))
    .where('user_id', '=', call.userId)
    .executeTakeFirst();
  const legacy = db as unknown as Kysely<{ call_sessions: LegacySessionRow }>;
  await legacy
    .insertInto('call_sessions')
    .values({
      stream_sid: streamSid,
      call_sid: `CAlegacy${process.pid}x${String(legacyCalls).padStart(18, '0')}`,
      user_id: call.userId,
      agent_id: call.agentId ?? 'agent-1',
      agent_name: call.agentName ?? 'Support agent',
      from_number: call.from ?? '+14155550100',
      to_number: call.to ?? '+14155550199',
      call_type: 'inbound',
      start_time: call.start,
      end_time: call.start + 60_000,
      duration: 60,
      ended_seq: Number(last?.seq ?? 0) + 1,
    })
    .execute();
  await seedCallMessages(db, streamSid, call);
  return streamSid;
}

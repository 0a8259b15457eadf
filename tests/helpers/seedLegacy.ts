/**
 * Agents, bots and calls as a release before migration 013 wrote them (no Keep history columns), for the
 * migration tests that seed a database migrated only part of the way. Chats seed with
 * seedHistory.ts seedChat (keepHistoryDays 0 gives the expiry times of that release).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { NEW_AGENT_COLUMNS } from '../../server/db/agents.js';
import type { Database } from '../../server/db/schema.js';
import { NEW_WEBCHAT_COLUMNS } from '../../server/webchats/toWebchat.js';
import { type SeedCall, seedCall } from './seedHistory.js';

/** An agent row without `keep_history_days`; its id. */
export async function seedLegacyAgent(db: Kysely<Database>, userId: string): Promise<string> {
  const { keep_history_days: _notYet, ...columns } = NEW_AGENT_COLUMNS;
  const id = randomUUID();
  await db
    .insertInto('agents')
    .values({
      ...columns,
      id,
      user_id: userId,
      name: `Old agent ${id.slice(0, 8)}`,
      phone_number: null,
      phone_account_sid: null,
      created_at: 1,
      updated_at: 1,
    })
    .execute();
  return id;
}

/** A bot row without `keep_history_days`; its id. */
export async function seedLegacyBot(db: Kysely<Database>, userId: string, retentionSeconds = 3_600): Promise<string> {
  const { keep_history_days: _notYet, ...columns } = NEW_WEBCHAT_COLUMNS;
  const id = randomUUID();
  await db
    .insertInto('webchats')
    .values({
      ...columns,
      id,
      user_id: userId,
      name: `Old bot ${id.slice(0, 8)}`,
      description: 'Seeded bot',
      short_term_messages_retention_period: retentionSeconds,
      created_at: 1,
      updated_at: 1,
    })
    .execute();
  return id;
}

/** A call ended a minute after its start with the owner's next ended_seq, without `expires_at`; its stream SID. */
export async function seedLegacyCall(db: Kysely<Database>, call: Omit<SeedCall, 'ended'>): Promise<string> {
  const streamSid = await seedCall(db, { ...call, ended: false });
  const last = await db
    .selectFrom('call_sessions')
    .select((eb) => eb.fn.max('ended_seq').as('seq'))
    .where('user_id', '=', call.userId)
    .executeTakeFirst();
  await db
    .updateTable('call_sessions')
    .set({ end_time: call.start + 60_000, duration: 60, ended_seq: Number(last?.seq ?? 0) + 1 })
    .where('stream_sid', '=', streamSid)
    .execute();
  return streamSid;
}

/**
 * Phone number associations (spec part 1 §3, §4): a number belongs to at most one agent of a
 * user, stored as that agent's phone_number. Associating moves the number; removing clears it.
 * A number Twilio confirmed is in the user's account also stores that account's SID, and an
 * (account SID, number) pair belongs to at most one agent in the whole instance (migration 008):
 * incoming calls are routed by it (findAgentByAccountAndNumber).
 */
import type { Kysely } from 'kysely';
import type { PhoneAssociation } from '../../shared/types/agent.js';
import { isUniqueViolation } from './errors.js';
import { withOwnerLock } from './ownerLock.js';
import type { AgentsTable, Database } from './schema.js';
import { updatedAny } from './writeResults.js';

export type AssociateResult = 'associated' | 'agent_not_found' | 'held_by_another_user';

/** Every number held by one of the user's agents, by number. */
export async function listAssociations(db: Kysely<Database>, userId: string): Promise<PhoneAssociation[]> {
  const rows = await db
    .selectFrom('agents')
    .select(['phone_number', 'id', 'name'])
    .where('user_id', '=', userId)
    .where('phone_number', 'is not', null)
    .orderBy('phone_number')
    .execute();
  return rows.map((r) => ({ phoneNumber: r.phone_number ?? '', agentId: r.id, agentName: r.name }));
}

/** Which of the user's agents holds `phoneNumber`, if any. */
export async function findHolder(
  db: Kysely<Database>,
  userId: string,
  phoneNumber: string,
): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('agents')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
}

/**
 * Gives `phoneNumber` to the agent in one transaction: another agent of the user holding it
 * loses it, and the agent's previous number (if any) is released by being replaced. With
 * `accountSid` (Twilio confirmed the number is in that account) the pair is claimed for the whole
 * instance: 'held_by_another_user' when another user's agent has it.
 *
 * The owner's lock (db/ownerLock.ts) is a per-user lock: on PostgreSQL two concurrent moves of
 * one number would otherwise both see no other holder and collide on the unique index; with it
 * the second waits and then sees the first one's result. SQLite serialises writers anyway. Two
 * users claiming one pair at once meet on the (account SID, number) unique index instead.
 */
export async function associateNumber(
  db: Kysely<Database>,
  userId: string,
  agentId: string,
  phoneNumber: string,
  now: number,
  accountSid: string | null = null,
): Promise<AssociateResult> {
  try {
    return await withOwnerLock(db, userId, async (trx) => {
      const agent = await trx
        .selectFrom('agents')
        .select('id')
        .where('id', '=', agentId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!agent) return 'agent_not_found';
      if (accountSid !== null) {
        const holder = await findAgentByAccountAndNumber(trx, accountSid, phoneNumber);
        if (holder && holder.user_id !== userId) return 'held_by_another_user';
      }
      await trx
        .updateTable('agents')
        .set({ phone_number: null, phone_account_sid: null, updated_at: now })
        .where('user_id', '=', userId)
        .where('phone_number', '=', phoneNumber)
        .where('id', '!=', agentId)
        .execute();
      await trx
        .updateTable('agents')
        .set({ phone_number: phoneNumber, phone_account_sid: accountSid, updated_at: now })
        .where('id', '=', agentId)
        .execute();
      return 'associated';
    });
  } catch (error) {
    if (accountSid !== null && isUniqueViolation(error)) return 'held_by_another_user';
    throw error;
  }
}

/**
 * The agent that answers calls to `phoneNumber` (E.164) of the Twilio account `accountSid`: what
 * the incoming-call webhook and media stream look up from Twilio's AccountSid and To/Called.
 */
export async function findAgentByAccountAndNumber(
  db: Kysely<Database>,
  accountSid: string,
  phoneNumber: string,
): Promise<AgentsTable | undefined> {
  return db
    .selectFrom('agents')
    .selectAll()
    .where('phone_account_sid', '=', accountSid)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
}

/** Clears the number from whichever of the user's agents holds it. False when none does. */
export async function dissociateNumber(
  db: Kysely<Database>,
  userId: string,
  phoneNumber: string,
  now: number,
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable('agents')
      .set({ phone_number: null, phone_account_sid: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('phone_number', '=', phoneNumber),
  );
}

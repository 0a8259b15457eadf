/**
 * Phone number associations (spec part 1 §3, §4): a number belongs to at most one agent of a
 * user, stored as that agent's phone_number. Associating moves the number; removing clears it.
 */
import type { Kysely } from 'kysely';
import type { PhoneAssociation } from '../../shared/types/agent.js';
import type { Database } from './schema.js';

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
export async function findHolder(db: Kysely<Database>, userId: string, phoneNumber: string): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('agents')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
}

/**
 * Gives `phoneNumber` to the agent in one transaction: another agent of the user holding it
 * loses it, and the agent's previous number (if any) is released by being replaced. False when
 * the user has no such agent.
 *
 * The no-op update of the owner's row is a per-user lock: on PostgreSQL two concurrent moves of
 * one number would otherwise both see no other holder and collide on the unique index; with it
 * the second waits and then sees the first one's result. SQLite serialises writers anyway.
 */
export async function associateNumber(
  db: Kysely<Database>,
  userId: string,
  agentId: string,
  phoneNumber: string,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', userId).execute();
    const agent = await trx.selectFrom('agents').select('id').where('id', '=', agentId).where('user_id', '=', userId).executeTakeFirst();
    if (!agent) return false;
    await trx
      .updateTable('agents')
      .set({ phone_number: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('phone_number', '=', phoneNumber)
      .where('id', '!=', agentId)
      .execute();
    await trx.updateTable('agents').set({ phone_number: phoneNumber, updated_at: now }).where('id', '=', agentId).execute();
    return true;
  });
}

/** Clears the number from whichever of the user's agents holds it. False when none does. */
export async function dissociateNumber(db: Kysely<Database>, userId: string, phoneNumber: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('agents')
    .set({ phone_number: null, updated_at: now })
    .where('user_id', '=', userId)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Who has taken over a live call (issue 23): the operator's user id and the name others see
 * ("Taken over by …"), stored on the session so every instance agrees on one holder. Both are
 * null while the agent answers; existing sessions get null.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('call_sessions').addColumn('operator_id', 'text').execute();
  await db.schema.alterTable('call_sessions').addColumn('operator_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('call_sessions').dropColumn('operator_name').execute();
  await db.schema.alterTable('call_sessions').dropColumn('operator_id').execute();
}

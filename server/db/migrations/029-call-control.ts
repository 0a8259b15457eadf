/**
 * Call control (issue 23): an agent's built-in functions and their settings (transfer
 * destinations, the line said before a transfer, end_call) as one JSON object, read with
 * defaults for what it lacks, so existing agents get everything off; and on each call session,
 * how the call was handed on (`transfer`, JSON: destination, number, reason, by whom), the dial's
 * result Twilio reported, and why the call ended (`end_reason`, e.g. ended_by_agent). All null on
 * existing sessions.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('agents')
    .addColumn('builtin_functions', 'text', (col) => col.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema.alterTable('call_sessions').addColumn('transfer', 'text').execute();
  await db.schema.alterTable('call_sessions').addColumn('dial_status', 'text').execute();
  await db.schema.alterTable('call_sessions').addColumn('end_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('call_sessions').dropColumn('end_reason').execute();
  await db.schema.alterTable('call_sessions').dropColumn('dial_status').execute();
  await db.schema.alterTable('call_sessions').dropColumn('transfer').execute();
  await db.schema.alterTable('agents').dropColumn('builtin_functions').execute();
}

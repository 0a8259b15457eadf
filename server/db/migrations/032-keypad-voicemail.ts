/**
 * Keypad and voicemail (issue 23): per agent, whether the model may press keys (`press_digits`,
 * 0/1) and what an outbound call does on an answering machine (`voicemail_action` off | hang_up |
 * leave_message, with the message said); per session, who answered an outbound call (human,
 * machine, fax, unknown; null when nobody asked Twilio), found by its call SID. Existing agents
 * keep today's behaviour.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('agents')
    .addColumn('press_digits', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('agents')
    .addColumn('voicemail_action', 'text', (col) => col.notNull().defaultTo('off'))
    .execute();
  await db.schema
    .alterTable('agents')
    .addColumn('voicemail_message', 'text', (col) => col.notNull().defaultTo(sql`''`))
    .execute();
  await db.schema.alterTable('call_sessions').addColumn('answered_by', 'text').execute();
  // Twilio's answering machine verdict names only the call: its session is found by call SID.
  await db.schema.createIndex('call_sessions_call_sid').on('call_sessions').column('call_sid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('call_sessions_call_sid').execute();
  await db.schema.alterTable('call_sessions').dropColumn('answered_by').execute();
  await db.schema.alterTable('agents').dropColumn('voicemail_message').execute();
  await db.schema.alterTable('agents').dropColumn('voicemail_action').execute();
  await db.schema.alterTable('agents').dropColumn('press_digits').execute();
}

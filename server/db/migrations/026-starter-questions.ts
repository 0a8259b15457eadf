/**
 * A bot's starter questions (issue 25): up to four suggested first questions the widget shows as
 * chips under the welcome message, as a JSON array of texts. Existing bots get none.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webchats')
    .addColumn('starter_questions', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webchats').dropColumn('starter_questions').execute();
}

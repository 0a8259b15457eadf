/**
 * A bot's allowed sites (issue 25): the origins whose pages may load it, as a JSON array of
 * canonical entries (shared/allowedSites.ts). Existing bots get an empty list: any site, as before.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webchats')
    .addColumn('allowed_sites', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webchats').dropColumn('allowed_sites').execute();
}

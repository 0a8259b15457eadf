/**
 * Documents in a bot's knowledge (issue 24): a knowledge page is either a crawled page ('page',
 * every row made before) or an uploaded file ('document'), whose name is kept and whose url is ''.
 * Passages stay keyed by page position, so documents are searched exactly like pages.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('knowledge_pages')
    .addColumn('source_kind', 'text', (col) => col.notNull().defaultTo('page'))
    .execute();
  await db.schema
    .alterTable('knowledge_pages')
    .addColumn('file_name', 'text', (col) => col.notNull().defaultTo(sql`''`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('knowledge_pages').dropColumn('file_name').execute();
  await db.schema.alterTable('knowledge_pages').dropColumn('source_kind').execute();
}

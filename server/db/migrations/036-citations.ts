/**
 * Answers that cite their sources (issue 24): a knowledge page keeps its title (the crawl's
 * `<title>`, '' when it had none), the label a citation shows before falling back to the address;
 * an answer keeps the sources it cited (JSON: a list of ChatSource, shared/types/chat.ts), null
 * when it cited none. Existing pages have no title and existing answers no sources.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('knowledge_pages')
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(sql`''`))
    .execute();
  await db.schema.alterTable('chat_messages').addColumn('sources', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('sources').execute();
  await db.schema.alterTable('knowledge_pages').dropColumn('title').execute();
}
